"""The reference API server of the Ledger monorepo: Python 3 standard library only, loopback only.

Run it as `python3 Scripts/dev-server [--port N] ...` (this folder is the program). Tests start it on a free port
(`--port 0`), read the chosen port from the first line it prints, drive it through its control endpoints and stop
it with SIGTERM. The demo and the ledger app use it as their backend. `--help` lists the API.

The endpoints live one resource per file beside this one (users.py, invoices.py, home.py, control.py); core.py
holds what they share and assembles the routing table from them.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import core  # noqa: E402


def parse_arguments(argv: list[str], epilog: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="dev-server",
        description=(
            "The reference API server of the Ledger monorepo (Python 3 standard library only). It binds "
            f"{core.HOST} only and prints 'listening on http://{core.HOST}:PORT' as its first line of output, so a "
            "caller that passes --port 0 learns the free port it chose. SIGTERM or SIGINT stops it cleanly (exit 0). "
            "State lives in memory and is lost on exit."
        ),
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--port", type=int, default=8080, help="TCP port on 127.0.0.1; 0 picks a free one (default 8080)"
    )
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    parser.add_argument(
        "--exit-when-stdin-closes",
        action="store_true",
        help="stop cleanly when standard input reaches end of file: a parent that keeps a pipe open can never "
        "leave the server running after it dies",
    )
    arguments = parser.parse_args(argv)
    if not 0 <= arguments.port <= 65535:
        parser.error("--port must be 0-65535")
    return arguments


def main(argv: list[str]) -> int:
    resources = core.load_resources()
    arguments = parse_arguments(argv, core.usage(resources))
    try:
        server = core.LedgerServer(arguments.port, arguments.verbose, resources)
    except OSError as error:
        print(f"dev-server: cannot listen on {core.HOST}:{arguments.port}: {error.strerror or error}",
              file=sys.stderr)
        return 1

    def stop(signum: int, frame: Any) -> None:
        # shutdown() waits for serve_forever() to return, which runs on this thread: ask from another one.
        server.state.release_hung_requests()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent that spawns us from a thread with signals blocked (a Swift concurrency or Dispatch worker) passes
    # that mask on; unblock what stops us, or SIGTERM would never arrive.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if arguments.exit_when_stdin_closes:

        def watch_stdin() -> None:
            # os.read on the descriptor, not sys.stdin: a daemon thread blocked inside a buffered reader makes
            # the interpreter abort at exit.
            try:
                while os.read(0, 65_536):
                    pass
            except OSError:
                pass
            stop(signal.SIGTERM, None)

        threading.Thread(target=watch_stdin, daemon=True).start()
    print(f"listening on http://{core.HOST}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever(poll_interval=0.05)
    finally:
        server.state.release_hung_requests()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
