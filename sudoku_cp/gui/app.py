"""The web app: one static page and a thin JSON API over the library.

Endpoints (all answer JSON; bad input gets 4xx and ``{"error": "one sentence"}``):

- ``GET /api/info``: version, backends, box shapes, symmetries, levels, limits, hint source,
  and the puzzle text given on the command line (if any).
- ``POST /api/parse`` ``{text, box?}``: every puzzle in a pasted text or a file's text.
- ``POST /api/check`` ``{puzzle, box?, values?, time_limit?, job?}``: the cross-check verdict
  with each backend's status, time and statistics, and the player's entries that contradict
  the solution.
- ``POST /api/solve`` ``{puzzle, box?, limit?: 1|2, backend?, time_limit?, job?}``: solutions
  from one backend; with ``limit`` 2, a count up to two and the cells where the two differ.
- ``POST /api/hint`` ``{puzzle, box?, values?, excluded?, job?}``: the next logical step.
- ``POST /api/path`` ``{puzzle, box?, values?, excluded?, job?}``: every step from there on.
- ``POST /api/grade`` ``{puzzle, box?, job?}``: level, techniques, search effort.
- ``POST /api/generate`` ``{box, symmetry?, difficulty?, seed?, time_limit?, job?}``.
- ``POST /api/cancel`` ``{job}``: stop a running job (it answers 409).
- ``POST /api/variant/open|check|solve|possibilities`` ``{puzzle, values?, job?}``: variant
  puzzles (f-puzzles, ISS, JSON), see ``sudoku_cp.gui.variant``.
- ``POST /api/variant/hint|path`` ``{puzzle, values?, excluded?, job?}`` and
  ``variant/grade`` ``{puzzle, job?}``: the variant logic engine's steps, see
  ``sudoku_cp.gui.vhints``.

``puzzle`` is text in any form the CLI reads, or n*n integers (0 empty); ``values`` the
player's position (n*n integers). The server reads no file and writes none: a file the
player picks is read by the browser and sent as text. Requests must be JSON
(``Content-Type: application/json``, which a cross-site form cannot send), at most
``max_body`` bytes, and addressed to a host name the server answers to (against DNS
rebinding); each job runs under ``time_limit`` seconds in a process that can be killed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import threading
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from ..crosscheck import default_backends
from . import variant, vhints, work
from .jobs import JobError, Jobs
from .work import BadRequest

#: Box shapes offered by the page's Generate menu (side, rows x cols).
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (5, 5)]
#: Seconds added to a job's limit so that the backends' own limits answer first.
GRACE = 2.0
LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1", "[::1]"}
#: Seconds a client may take to send one request body; a stalled one is answered 408.
BODY_TIMEOUT = 10.0


def create_app(*, time_limit: float = 60.0, max_body: int = 1 << 20, workers: int = 2,
               initial: str | None = None, initial_box: str | None = None,
               hosts: set[str] | None = None, body_timeout: float = BODY_TIMEOUT) -> Starlette:
    """The app. ``hosts`` are the host names it answers to besides IP addresses and the
    loopback names (None: any); ``initial`` is puzzle text the page opens with
    (``initial_box`` its box shape, e.g. "2x3"); a request body must arrive within
    ``body_timeout`` seconds."""
    from ..backends import BACKENDS
    from ..generate import SYMMETRIES
    from ..grade import LEVELS
    from .catalogue import catalogue
    from .menus import offer

    jobs = Jobs(workers)
    info = {"version": __version__, "backends": list(BACKENDS), "symmetries": list(SYMMETRIES),
            "levels": list(LEVELS), "shapes": [list(s) for s in SHAPES],
            "time_limit": time_limit, "max_body": max_body, "initial": initial,
            "initial_box": initial_box,
            "hints": "logic", "offer": offer(), "types": catalogue()}

    async def read_body(request: Request) -> dict:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise BadRequest("send JSON with Content-Type: application/json", 415)
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > max_body:
            raise BadRequest(f"the request is larger than {max_body} bytes", 413)
        data = bytearray()

        async def receive_all() -> None:
            async for chunk in request.stream():
                data.extend(chunk)
                if len(data) > max_body:
                    raise BadRequest(f"the request is larger than {max_body} bytes", 413)

        try:
            await asyncio.wait_for(receive_all(), body_timeout)
        except asyncio.TimeoutError:
            raise BadRequest(f"the request body did not arrive within {body_timeout:g} s",
                             408) from None
        try:
            body = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BadRequest(f"the request is not valid JSON: {exc}") from None
        except RecursionError:  # [[[[... a hundred thousand deep
            raise BadRequest("the request is not valid JSON: nested too deeply") from None
        if not isinstance(body, dict):
            raise BadRequest("the request must be a JSON object")
        return body

    def endpoint(handler: Callable[[dict], Any]) -> Callable:
        """Wrap a handler: JSON in, JSON out, errors as 4xx JSON."""
        async def run(request: Request) -> JSONResponse:
            try:
                body = await read_body(request)
                return JSONResponse(await handler(body))
            except BadRequest as exc:
                return JSONResponse({"error": str(exc), **exc.extra}, exc.status)
            except JobError as exc:
                return JSONResponse({"error": str(exc), **exc.extra}, exc.status)
            except ClientDisconnect:  # the client left mid-body: nobody to answer
                return JSONResponse({"error": "the client went away"}, 400)
            except RecursionError:  # nesting within the JSON limit, too deep for a handler
                return JSONResponse({"error": "the request is nested too deeply"}, 400)
        return run

    async def job(body: dict, task: str, args: tuple, seconds: float) -> dict:
        name = body.get("job")
        if name is not None and not (isinstance(name, str) and 0 < len(name) <= 64):
            raise BadRequest("'job' must be a short text id")
        return await run_in_threadpool(jobs.run, task, args, timeout=seconds, job=name)

    async def parse(body: dict) -> dict:
        return await run_in_threadpool(work.parse, body)

    async def check(body: dict) -> dict:
        board = work.read_board(body)
        position = work.read_position(body, board)
        seconds = work.read_seconds(body, time_limit)
        each = seconds / len(default_backends(board)[0])  # the backends a check runs
        return await job(body, "check", (board, position, each), seconds + GRACE)

    async def solve(body: dict) -> dict:
        board = work.read_board(body)
        limit = work.read_choice(body, "limit", (1, 2), 1)
        backend = work.read_choice(body, "backend", info["backends"], info["backends"][0])
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "solve", (board, limit, backend, seconds), seconds + GRACE)

    async def hint(body: dict) -> dict:
        board = work.read_board(body)
        position = work.read_position(body, board)
        excluded = work.read_excluded(body, board)
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "hint", (board, position, excluded, seconds), seconds)

    async def path(body: dict) -> dict:
        board = work.read_board(body)
        position = work.read_position(body, board)
        excluded = work.read_excluded(body, board)
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "path", (board, position, excluded, seconds), seconds + GRACE)

    async def grade(body: dict) -> dict:
        board = work.read_board(body)
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "grade", (board, seconds), seconds)

    async def generate(body: dict) -> dict:
        box = work.read_box(body.get("box"))
        if box is None:
            raise BadRequest("'box' is required, e.g. \"3x3\" or \"2x3\"")
        if not work.MIN_N <= box[0] * box[1] <= work.MAX_N:
            raise BadRequest(f"the page plays boards from {work.MIN_N}x{work.MIN_N} to "
                             f"{work.MAX_N}x{work.MAX_N}, not {box[0] * box[1]}x{box[0] * box[1]}")
        symmetry = work.read_choice(body, "symmetry", info["symmetries"], "none")
        difficulty = work.read_choice(body, "difficulty", [None, *info["levels"]], None)
        seed = body.get("seed")
        if seed is not None and not (work._is_int(seed) and 0 <= seed < 2 ** 63):
            raise BadRequest(f"'seed' must be a whole number from 0, not {seed!r}")
        seconds = work.read_seconds(body, time_limit)
        return await job(body, "generate", (box, symmetry, difficulty, seed, seconds), seconds)

    async def cancel(body: dict) -> dict:
        name = body.get("job")
        if not isinstance(name, str):
            raise BadRequest("'job' must be the id of a running job")
        return {"cancelled": jobs.cancel(name)}

    async def get_info(request: Request) -> JSONResponse:
        return JSONResponse(info)

    async def not_found(request: Request) -> JSONResponse:
        if request.path_params["rest"] in posts:
            return JSONResponse({"error": f"use POST for {request.url.path}"}, 405)
        return JSONResponse({"error": f"no such endpoint: {request.method} {request.url.path}"},
                            404)

    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, exc.status_code)

    async def crash(request: Request, exc: Exception) -> JSONResponse:  # pragma: no cover
        return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}"}, 422)

    posts = {"parse": parse, "check": check, "solve": solve, "hint": hint, "path": path,
             "grade": grade, "generate": generate, "cancel": cancel}
    posts.update(variant.handlers(job, time_limit, GRACE))  # variant/open, check, solve, ...
    posts.update(vhints.handlers(job, time_limit, GRACE))  # variant/hint, path, grade
    routes = [Route("/api/info", get_info, methods=["GET"])]
    routes += [Route(f"/api/{name}", endpoint(handler), methods=["POST"])
               for name, handler in posts.items()]
    routes += [Route("/api/{rest:path}", not_found, methods=["GET", "POST", "PUT", "DELETE"]),
               Mount("/", StaticFiles(packages=[("sudoku_cp.gui", "static")], html=True))]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        threading.Thread(target=jobs.warm, daemon=True).start()  # the first worker, early
        yield
        jobs.stop_all()

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error,
                                                       Exception: crash}, lifespan=lifespan)
    app.state.jobs = jobs
    app.add_middleware(HostCheck, allowed=None if hosts is None else hosts | LOOPBACK_NAMES)
    return app


class HostCheck:
    """Answer only requests addressed to one of ``allowed`` host names or to an IP address
    (port ignored), so that a page elsewhere whose name is re-pointed to this machine (DNS
    rebinding) cannot use the API; ``allowed`` None checks no name. A POST that names its
    ``Origin`` must come from the page's own origin (scheme, host and port): another site
    gets 403.

    An IP address in ``Host`` is always answered: rebinding needs a name to re-point.
    """

    def __init__(self, app, allowed: set[str] | None) -> None:
        self.app = app
        self.allowed = None if allowed is None else {h.lower() for h in allowed}

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            host = headers.get(b"host", b"").decode("latin-1").lower()
            problem = None
            if self.allowed is not None and not self.answers(host):
                problem = (f"this server does not answer to the host name {host!r} (start it "
                           f"with --allow-host NAME to serve it under a name)", 400)
            elif scope["method"] == "POST" and b"origin" in headers:
                origin = headers[b"origin"].decode("latin-1").lower()
                scheme = scope.get("scheme", "http")
                if origin != f"{scheme}://{host}":
                    problem = (f"a request from the page at {origin!r} is refused: only this "
                               f"server's own page may post to it", 403)
            if problem is not None:
                response = JSONResponse({"error": problem[0]}, problem[1])
                return await response(scope, receive, send)
        await self.app(scope, receive, send)

    def answers(self, host: str) -> bool:
        """Whether ``host`` (a Host header: name or address, with or without a port) is ours.

        >>> check = HostCheck(None, {"127.0.0.1", "sudoku.lan"})
        >>> hosts = ("sudoku.lan:8000", "10.0.0.7:80", "[::1]:5", "evil.example")
        >>> [check.answers(h) for h in hosts]
        [True, True, True, False]
        """
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name in self.allowed:
            return True
        try:
            ipaddress.ip_address(name[1:-1] if name.startswith("[") else name)
            return True
        except ValueError:
            return False
