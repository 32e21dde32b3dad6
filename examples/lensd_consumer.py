#!/usr/bin/env python3
"""Example lensd client: reads the stream from lensd's socket, prints converted prices and locks
the first price it sees.

    python3 examples/lensd_consumer.py --socket /run/lensd/lensd.sock --lock
    python3 examples/lensd_consumer.py --tcp 127.0.0.1:7878 --frames 30

Only the standard library; one JSON object per line, every object with a "class".
"""
import argparse
import json
import socket
import sys


def connect(args):
    if args.socket:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(args.socket)
    else:
        host, _, port = args.tcp.rpartition(":")
        sock = socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)))
    sock.settimeout(args.timeout)
    return sock


def lines(sock):
    """Yields one parsed object per line until the daemon closes the connection."""
    pending = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return
        pending += chunk
        *complete, pending = pending.split(b"\n")
        for line in complete:
            if line:
                yield json.loads(line)


def describe(price):
    converted = ", ".join(c["formatted"] for c in price.get("converted", []))
    lock = " [locked]" if price.get("locked") else ""
    return f'{price["id"]}: {price["text"]} = {price["amount"]} {price["currency"]} → {converted or "?"}{lock}'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--socket", help="lensd's Unix socket (--listen unix:PATH)")
    where.add_argument("--tcp", help="HOST:PORT of lensd's TCP listener (--listen tcp:HOST:PORT)")
    parser.add_argument("--lock", action="store_true", help="lock the first price seen")
    parser.add_argument("--frames", type=int, default=0, help="stop after this many frames with prices (0: never)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for a line")
    args = parser.parse_args()

    try:
        sock = connect(args)
    except (OSError, ValueError) as error:
        where = args.socket or args.tcp
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"lensd_consumer.py: cannot connect to {where}: {reason} (is lensd running with --listen?)", file=sys.stderr)
        return 2
    lock_sent = lock_answered = False
    frames = 0
    for message in lines(sock):
        kind = message["class"]
        if kind == "VERSION" and message["proto_major"] != 1:
            sys.exit(f'unsupported protocol {message["proto_major"]}')
        elif kind == "RATES":
            stale = " (stale)" if message["stale"] else ""
            print(f'rates: {message["base"]} from {message["source"]}, {message["date"]}{stale}')
        elif kind == "OVERLAYS" and message["prices"]:
            frames += 1
            print(f'frame {message["frame"]}:')
            for price in message["prices"]:
                print("  " + describe(price))
            if args.lock and not lock_sent:
                target = message["prices"][0]["id"]
                sock.sendall(json.dumps({"cmd": "lock", "id": target}).encode() + b"\n")
                lock_sent = True
        elif kind == "ACK" and message["cmd"] == "lock":
            print(f'locked {message["locked"]}')
            lock_answered = True
        elif kind == "ERROR" and message.get("cmd") == "lock":
            print(f'lock refused: {message["message"]}')
            lock_answered = True
        elif kind == "ERROR":
            print(f'lensd error ({message["concerns"]}): {message["message"]}', file=sys.stderr)
        if args.frames and frames >= args.frames and (lock_answered or not args.lock):
            return 0
    print("lensd closed the connection", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
