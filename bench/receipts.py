#!/usr/bin/env python3
"""Counts how many labelled receipt totals `lensd scan --json` finds.

Usage: lensd scan --json --source EUR IMAGES... | bench/receipts.py TRUTH.csv
TRUTH.csv has the columns image,total,currency (../shared/datasets/receipts-de/truth.csv).
A total is found when the image's SCAN line has a price with that amount and currency.
"""
import csv
import json
import os
import sys
from decimal import Decimal


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(sys.argv[1], newline="") as handle:
        truth = {row["image"]: (Decimal(row["total"]), row["currency"]) for row in csv.DictReader(handle)}
    found, scanned, prices, errors = [], 0, 0, 0
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("class") == "ERROR":
            errors += 1
            print(f"error: {message.get('message')}", file=sys.stderr)
            continue
        if message.get("class") != "SCAN":
            continue
        name = os.path.basename(message["image"])
        if name not in truth:
            continue
        scanned += 1
        total, currency = truth[name]
        prices += len(message["prices"])
        hit = any(Decimal(p["amount"]) == total and p["currency"] == currency for p in message["prices"])
        if hit:
            found.append(name)
        else:
            amounts = ", ".join(f"{p['amount']} {p['currency']}" for p in message["prices"][:12])
            print(f"missed {name}: total {total} {currency}; read {amounts}", file=sys.stderr)
    print(json.dumps({"images": scanned, "totals_found": len(found), "labelled": len(truth),
                      "prices_read": prices, "errors": errors}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
