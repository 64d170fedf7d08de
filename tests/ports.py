"""Free loopback ports for the tests that start servers and proxies, from 18500-18599 first (the range these
tests were written in, away from other servers on a shared machine), else any the system gives."""

from __future__ import annotations

import socket

PREFERRED = range(18550, 18600)


def free_ports(count: int) -> list[int]:
    found: list[int] = []
    for port in [*PREFERRED, *[0] * count]:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            found.append(s.getsockname()[1])
        if len(found) == count:
            return found
    raise RuntimeError("no free ports on 127.0.0.1")
