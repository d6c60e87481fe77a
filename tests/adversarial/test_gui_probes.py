"""The GUI server under hostile requests, over a real socket: a refusal in one line, never a
traceback in the server's log.

The probes come from an adversarial campaign (issue 27): JSON nested a hundred thousand
deep (once 422 and a logged RecursionError), clients that drop mid-body (once a logged
ClientDisconnect each) or stall (once held open forever), a foreign Host under a
wildcard address, and a POST from another site's page.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time

import pytest

pytest.importorskip("uvicorn", reason="the gui extra (uvicorn) is not installed")

import uvicorn  # noqa: E402

from sudoku_cp.gui.app import create_app  # noqa: E402

EASY4 = ".4.3" "3..." ".2.." "...4"


@pytest.fixture(scope="module")
def server():
    """A server on a free port (answers to 127.0.0.1 and sudoku.lan; bodies within 1 s)."""
    app = create_app(hosts={"127.0.0.1", "sudoku.lan"}, body_timeout=1.0, workers=1)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(256)
    # log_config=None: uvicorn's loggers propagate to the root, where caplog listens
    srv = uvicorn.Server(uvicorn.Config(app, log_config=None, log_level="info",
                                        timeout_keep_alive=2))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.02)
    yield sock.getsockname()[1]
    srv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def log(caplog):
    caplog.set_level(logging.INFO)
    return caplog


def raw(port: int, data: bytes, *, read: bool = True, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        if not read:
            return b""
        s.shutdown(socket.SHUT_WR) if data.endswith(b"\r\n\r\n") else None
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
            if b"\r\n\r\n" in reply and _complete(reply):
                break
        return reply


def _complete(reply: bytes) -> bool:
    head, _, body = reply.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def post(port: int, path: str, body: bytes, **headers: str) -> tuple[int, dict]:
    head = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json",
            "Content-Length": str(len(body)), "Connection": "close", **headers}
    text = f"POST {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in head.items())
    reply = raw(port, text.encode() + b"\r\n" + body)
    status = int(reply.split(b" ", 2)[1])
    return status, json.loads(reply.partition(b"\r\n\r\n")[2] or b"{}")


def no_traceback(log) -> None:
    bad = [r for r in log.records if r.exc_info or "Traceback" in r.getMessage()
           or "Exception in ASGI" in r.getMessage()]
    assert not bad, bad[0].getMessage()


def test_deeply_nested_json_is_400_in_one_line(server, log):
    for body in (b"[" * 100_000, b'{"text": ' + b"[" * 5000 + b"]" * 5000 + b"}",
                 b'{"puzzle": ' + b"[" * 900 + b"]" * 900 + b"}"):
        status, answer = post(server, "/api/parse", body)
        assert status == 400 and "\n" not in answer["error"], answer
    no_traceback(log)


def test_dropped_clients_are_quiet(server, log):
    for _ in range(200):
        head = (f"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
                f"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        raw(server, head.encode() + b'{"text": "', read=False)  # and gone
    status, answer = post(server, "/api/parse", json.dumps({"text": EASY4}).encode())
    assert status == 200 and answer["puzzles"][0]["n"] == 4  # still serving
    time.sleep(0.5)
    no_traceback(log)


def test_a_stalled_body_is_answered_408_within_the_timeout(server, log):
    head = (f"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
            f"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
        s.sendall(head.encode() + b'{"text": "')
        reply = s.recv(65536)
    assert reply.startswith(b"HTTP/1.1 408") and time.monotonic() - start < 5
    no_traceback(log)


def test_host_and_origin(server, log):
    body = json.dumps({"text": EASY4}).encode()
    assert post(server, "/api/parse", body)[0] == 200
    assert post(server, "/api/parse", body, Host="evil.example")[0] == 400
    assert post(server, "/api/parse", body, Host=f"sudoku.lan:{server}")[0] == 200
    assert post(server, "/api/parse", body, Host=f"10.1.2.3:{server}")[0] == 200  # an address
    own = f"http://127.0.0.1:{server}"
    assert post(server, "/api/parse", body, Origin=own)[0] == 200
    status, answer = post(server, "/api/parse", body, Origin="http://evil.example")
    assert status == 403 and "evil.example" in answer["error"]
    assert post(server, "/api/parse", body, Origin="null")[0] == 403
    no_traceback(log)
