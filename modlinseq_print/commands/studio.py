"""`studio`: the local web app (board designer, kit builder, position editor), served by the package itself."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import socket
import sys

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.commands.numbers import WHOLE


def register(sub: argparse._SubParsersAction) -> None:
    """Add the studio command."""
    parser = sub.add_parser("studio", help="a local web app: board designer, kit builder, position editor")
    parser.add_argument("--port", type=WHOLE, default=8000, help="port to serve on (default 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to bind (default 127.0.0.1: this computer only; others warn)")
    parser.add_argument("--no-browser", action="store_true", help="do not open the studio in the web browser")
    parser.set_defaults(run=run)


def is_loopback(host: str) -> bool:
    """True for an address only this computer can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve_problem(host: str, port: int, error: OSError) -> str:
    """Why the studio cannot serve on host:port, naming the option to change: --host for a name that does not
    resolve or an address this computer does not have, --port for a port in use or not allowed."""
    if isinstance(error, socket.gaierror):
        return (f"--host {host}: the name does not resolve to an address: give an address or name of this "
                "computer, e.g. 127.0.0.1 (the default)")
    if error.errno == errno.EADDRNOTAVAIL:
        return (f"--host {host}: not an address of this computer, so the studio cannot be served on it: give one "
                "of its addresses, e.g. 127.0.0.1 (the default) or 0.0.0.0 (every network)")
    if error.errno in (errno.EADDRINUSE, errno.EACCES):
        return f"--port {port}: {error.strerror}: try another --port (0 picks a free one)"
    return f"cannot serve on {host}:{port}: {error.strerror or error}: check --host and --port"


def run(args: argparse.Namespace) -> int:
    """Serve the studio until interrupted."""
    from modlinseq_print.studio.server import StudioServer, set_code_aside  # Starlette, uvicorn: this command only

    if not 0 <= args.port <= 65535:
        raise ModlinseqError(f"bad --port {args.port}: give 0 to 65535")
    try:
        server = StudioServer(args.host, args.port)
    except OSError as error:
        raise ModlinseqError(serve_problem(args.host, args.port, error)) from None
    if not is_loopback(args.host):  # only once serving there: a failure is its one line alone
        print(f"warning: serving on {args.host}: other computers that reach this address can use the studio "
              "(it has no login); the default 127.0.0.1 keeps it to this computer", file=sys.stderr)
    shown = "localhost" if args.host in ("0.0.0.0", "::") else args.host  # a wildcard bind: open it here
    name = f"[{shown}]" if ":" in shown else shown
    url = f"http://{name}:{server.port}/"
    print(f"studio at {url} (board designer, kit builder, position editor); Ctrl+C stops it", flush=True)
    if not args.no_browser:
        import webbrowser

        webbrowser.open(url)
    set_code_aside()
    server.run()
    return 0
