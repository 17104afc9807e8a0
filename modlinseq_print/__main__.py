"""Entry point for `python -m modlinseq_print` and the modlinseq-print command.

The command line is imported inside `run`, after Ctrl-C is taken over, so a Ctrl-C while it loads (or while
this module and the run's handler load: it is noted, then raised) is one line and exit status 130 too, and one
after the run's files are in place no longer interrupts it. The main help alone (`--help` or `-h`, nothing
else) is printed without loading the command line, so it starts fast.
"""

import signal
import sys

HELP = (["--help"], ["-h"])
#: A Ctrl-C that came before the run's own handler was in place: noted here, not raised, since Python loses one
#: raised inside the import system's callbacks ("Exception ignored ...") and the run would go on.
EARLY: list[int] = []


def _note_early(signum, frame) -> None:
    EARLY.append(signum)


try:
    signal.signal(signal.SIGINT, _note_early)
except ValueError:  # imported by a thread other than the main one: no Ctrl-C of its own to note
    pass


def run() -> None:
    """Import the command line, run it on sys.argv and exit with its status."""
    if sys.argv[1:] in HELP:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.exit(quick_help())

    try:
        from modlinseq_print import interrupts

        interrupts.take_over()
        if EARLY:
            raise KeyboardInterrupt
        try:
            from modlinseq_print.collector import collector_paused

            with collector_paused():  # the command line's modules all stay: see modlinseq_print/collector.py
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


def quick_help() -> int:
    """Print the main help without argparse or the command line (the same text); 130 after Ctrl-C."""
    try:
        if EARLY:
            raise KeyboardInterrupt
        from modlinseq_print.commands.main_help import print_help

        return print_help()
    except KeyboardInterrupt:
        sys.stderr.write("modlinseq-print: interrupted\n")
        return 130


def _forget_uncaught_interrupt() -> None:
    """Clear CPython's note that a Ctrl-C went uncaught, so that the exit status stays the run's.

    A KeyboardInterrupt leaving an exec() of a string (dataclasses write their methods so, while a module loads)
    leaves that note behind even when the run catches it, and at exit the interpreter then kills itself with
    SIGINT instead of exiting with the status given. Running any string through exec() clears it."""
    exec("pass")



if __name__ == "__main__":
    run()
