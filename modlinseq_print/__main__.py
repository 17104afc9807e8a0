"""Entry point for `python -m modlinseq_print` and the modlinseq-print command.

The command line is imported inside `run`, after Ctrl-C is taken over, so a Ctrl-C while it loads is one line
and exit status 130 too, and one after the run's files are in place no longer interrupts it.
"""

import signal
import sys


def run() -> None:
    """Import the command line, run it on sys.argv and exit with its status."""
    try:
        from modlinseq_print import interrupts

        interrupts.take_over()
        try:
            from modlinseq_print.cli import main

            status = main()
        except Exception:
            interrupts.check()  # a Ctrl-C inside an import may come out wrapped: see interrupts.check
            raise
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the run is over: Python's exit must not die of a Ctrl-C
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # one line, however often Ctrl-C is pressed
        sys.stderr.write("modlinseq-print: interrupted\n")
        status = 130
    _forget_uncaught_interrupt()
    sys.exit(status)


def _forget_uncaught_interrupt() -> None:
    """Clear CPython's note that a Ctrl-C went uncaught, so that the exit status stays the run's.

    A KeyboardInterrupt leaving an exec() of a string (dataclasses write their methods so, while a module loads)
    leaves that note behind even when the run catches it, and at exit the interpreter then kills itself with
    SIGINT instead of exiting with the status given. Running any string through exec() clears it."""
    exec("pass")



if __name__ == "__main__":
    run()
