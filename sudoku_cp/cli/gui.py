"""The ``gui`` command: a local web page to play, get hints, check and generate.

``sudoku-cp gui [PUZZLE | -f FILE] [--host 127.0.0.1] [--port 0] [--no-browser]`` starts the
server of ``sudoku_cp.gui``, prints its address, opens the browser unless told not to and
runs until Ctrl-C. Port 0 picks a free port. A puzzle given here (text, or the first
puzzles of FILE) opens on the page; bad input exits 2 before the server starts.
Starlette and uvicorn are imported only when the command runs (the ``gui`` extra).
"""

from __future__ import annotations

import ipaddress
import signal
import socket
import sys
import threading

#: Most characters of a FILE passed on to the page (the rest is not read); well under the
#: page's request limit, since the page sends the text back to be parsed.
MAX_INITIAL = 1 << 18


def register(sub) -> None:
    """Add the ``gui`` subcommand to the CLI's subparsers."""
    from .common import box_arg as _box_arg, positive_float as _positive_float

    p = sub.add_parser("gui", help="play, get hints, check and generate in the browser",
                       description="Start a local web page to play puzzles (4x4 to 25x25) "
                                   "with hints, the backends' cross-check side by side, "
                                   "solving, counting and generating. Stop it with Ctrl-C.")
    p.add_argument("puzzle", nargs="?", metavar="PUZZLE", help="a puzzle to open, in any form "
                   "the other commands read")
    p.add_argument("-f", "--file", metavar="FILE", help="open the puzzles of FILE")
    p.add_argument("--box", type=_box_arg, metavar="RxC", help="box shape of PUZZLE or FILE")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a host name the page is served under (repeatable); the server "
                        "answers only to these, the --host name, IP addresses and localhost")
    p.add_argument("--port", type=int, default=0, help="port (default 0: any free port)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--time-limit", type=_positive_float, default=60.0, metavar="S",
                   help="seconds any one request may take (default 60)")
    p.set_defaults(run=cmd_gui)


def require_gui():
    """Import the web stack, or say which extra installs it."""
    from ..errors import MissingDependencyError

    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError as exc:
        raise MissingDependencyError(
            f'the gui needs Starlette and uvicorn: pip install "sudoku-cp[gui]" ({exc})'
        ) from exc
    return uvicorn


def initial_text(args) -> str | None:
    """The puzzle text to open with, checked now so that bad input fails before serving."""
    from .common import UsageError
    from ..parse import parse_many

    if args.puzzle and args.file:
        raise UsageError("give a PUZZLE or -f FILE, not both")
    if args.file:
        try:
            with open(args.file, encoding="utf-8-sig") as f:
                text = f.read(MAX_INITIAL)
        except OSError as exc:
            raise UsageError(f"{args.file}: {exc.strerror or exc}") from None
        if len(text) == MAX_INITIAL and "\n" in text:
            text = text[:text.rindex("\n")]
        source = args.file
    elif args.puzzle:
        text, source = args.puzzle, "argument"
    else:
        return None
    entries = parse_many(text, box=args.box)
    good = [e for e in entries if e.ok]
    if not good:
        first = entries[0] if entries else None
        raise UsageError(f"{source}:{first.line}: {first.error}" if first
                         else f"{source}: no puzzle in it")
    return text


def listen(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: the system picks a free one)."""
    from .common import UsageError

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_of(sock: socket.socket, host: str) -> str:
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("localhost" if host == "::" else host)
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def cmd_gui(args) -> int:
    uvicorn = require_gui()
    from ..gui.app import create_app
    from .common import EXIT_INTERRUPTED

    text = initial_text(args)
    sock = listen(args.host, args.port)
    url = url_of(sock, args.host)
    # the Host check stays on under any --host: a wildcard address adds no name to it
    hosts = {h.lower() for h in args.allow_host}
    if args.host not in ("0.0.0.0", "::", ""):
        hosts.add(args.host.lower())
    app = create_app(time_limit=args.time_limit, initial=text, hosts=hosts,
                     initial_box=(f"{args.box[0]}x{args.box[1]}" if args.box else None))
    if not is_loopback(args.host):
        print(f"sudoku-cp: warning: listening on {args.host}, not only on this machine: anyone "
              f"who can reach it can use the page (there is no password); --host 127.0.0.1 "
              f"keeps it local", file=sys.stderr)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=3,
                            timeout_keep_alive=5)
    # A Ctrl-C must not raise KeyboardInterrupt while the server starts: raised just as
    # an import had taken the import lock, it left the lock held, the next import on
    # another thread waited forever, and the server never stopped (1 start in 40 under
    # load). So uvicorn's imports are done here, before the address is shown, and from
    # then on Ctrl-C only asks the server to stop (``stop`` below).
    config.load()
    server = uvicorn.Server(config)
    interrupted = False

    def stop(signum, frame):  # Ctrl-C asks the server to stop; it never raises mid-import
        server.should_exit = True

    before = signal.signal(signal.SIGINT, stop)
    try:
        print(f"sudoku-cp gui: {url}  (Ctrl-C stops it)", flush=True)
        if not args.no_browser:
            threading.Thread(target=_open_when_ready, args=(server, url), daemon=True).start()
        server.run(sockets=[sock])  # (uvicorn takes the signal while it serves, then gives
        interrupted = server.should_exit  # it back and raises it again)
    except KeyboardInterrupt:  # an older uvicorn re-raises Ctrl-C after its clean shutdown
        interrupted = True
    finally:
        signal.signal(signal.SIGINT, before)
        sock.close()
        app.state.jobs.stop_all()
        app.state.jobs.stop_fork_server()
    print("sudoku-cp gui: stopped", flush=True)
    return EXIT_INTERRUPTED if interrupted else 0  # 130 for Ctrl-C, as every command


def _open_when_ready(server, url: str) -> None:
    import time
    import webbrowser

    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    try:
        webbrowser.open(url)
    except Exception as exc:  # no browser here: the URL is printed already
        print(f"sudoku-cp: could not open a browser ({exc}); open {url}", file=sys.stderr)
