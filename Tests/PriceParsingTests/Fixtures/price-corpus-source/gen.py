"""Builds price-corpus.json: hand-labelled lines (hand.py, holdout.py) plus templated lines whose labels
come from the amounts the generator formats. Run: python3 gen.py ../price-corpus.json"""
import json, os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hand import HAND
from holdout import HOLDOUT, HOLDOUT2, RECEIPT_STYLE
rng = random.Random(20261121)
NBSP, NNBSP = "\u00a0", "\u202f"

# (code, source, symbol or None, symbol position, minor units, number style)
CURRENCIES = [
 ("USD","USD","$","before",2,"us"), ("EUR","EUR","€","after",2,"de"), ("EUR","EUR","€","before",2,"nl"),
 ("EUR","EUR","€","after",2,"fr"), ("GBP","GBP","£","before",2,"us"), ("JPY","JPY","¥","before",0,"us"),
 ("CNY","CNY","¥","before",2,"us"), ("KRW","KRW","₩","before",0,"us"), ("INR","INR","₹","before",2,"us"),
 ("CHF","CHF",None,"before",2,"ch"), ("CZK","CZK","Kč","after",2,"fr"), ("PLN","PLN","zł","after",2,"fr"),
 ("SEK","SEK","kr","after",2,"fr"), ("NOK","NOK","kr","before",2,"fr"), ("DKK","DKK","kr.","before",2,"de"),
 ("BRL","BRL","R$","before",2,"de"), ("TRY","TRY","₺","before",2,"de"), ("RUB","RUB","₽","after",2,"fr"),
 ("UAH","UAH","₴","before",2,"fr"), ("ILS","ILS","₪","before",2,"us"), ("THB","THB","฿","before",2,"us"),
 ("VND","VND","₫","after",0,"de"), ("MYR","MYR","RM","before",2,"us"), ("CAD","CAD","$","before",2,"us"),
 ("AUD","AUD","$","before",2,"us"), ("HUF","HUF","Ft","after",0,"fr"), ("IDR","IDR","Rp","before",0,"de"),
 ("PHP","PHP","₱","before",2,"us"), ("NGN","NGN","₦","before",2,"us"), ("MXN","MXN","$","before",2,"us"),
]
CONTEXT = {
 "us": ["", "Price ", "Sale ", "Now ", "Total ", "Only ", "Deal: ", "Special "],
 "de": ["", "Preis ", "Angebot ", "nur ", "Summe ", "Preço ", "Precio ", "Aktion "],
 "fr": ["", "Prix ", "Cena ", "Pris ", "Ár ", "Цена ", "Promo ", "Total "],
 "ch": ["", "Preis ", "Aktion ", "Prix "],
 "nl": ["", "Prijs ", "Nu ", "Actie "],
}
SUFFIX = ["", "", "", " incl. tax", " each", " !", " *"]

def fmt(amount_cents, minor, style, grouping=True):
    if minor == 0:
        whole, frac = amount_cents, None
    else:
        whole, frac = divmod(amount_cents, 100)
    digits = str(whole)
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:]); digits = digits[:-3]
    groups.insert(0, digits)
    sep, dec = {"us": (",", "."), "de": (".", ","), "nl": (".", ","), "fr": (rng.choice([" ", NBSP, NNBSP]), ","), "ch": ("'", ".")}[style]
    if not grouping: sep = ""
    text = sep.join(groups)
    if frac is not None:
        text += dec + f"{frac:02d}"
    amount = str(whole) if frac is None else f"{whole}.{frac:02d}"
    return text, amount

entries = []
def add(text, source, prices, tag, bare=False):
    entries.append({"text": text, "source": source, "bareNumbers": bare, "tag": tag,
                    "prices": [{"amount": a, "currency": c, "span": s, "unit": u, "quantity": q} for (a, c, s, u, q) in prices]})

for (text, source, prices, tag) in HAND:
    add(text, source, prices, tag)
for (text, source, prices, tag) in HOLDOUT:
    add(text, source, prices, "holdout-" + tag)
for (text, source, prices, tag) in HOLDOUT2:
    add(text, source, prices, "holdout2-" + tag)
for (text, source, prices, tag) in RECEIPT_STYLE:
    add(text, source, prices, tag)

for code, source, symbol, position, minor, style in CURRENCIES:
    for variant in range(7):
        if minor == 0:
            cents = rng.choice([rng.randint(1, 99) * 10, rng.randint(100, 9999) * 10, rng.randint(1, 999) * 100, rng.randint(10, 99)])
        else:
            cents = rng.choice([rng.randint(50, 9999), rng.randint(10000, 999999), rng.randint(1, 99) * 100 + 99])
        number, amount = fmt(cents, minor, style, grouping=rng.random() < 0.85)
        if minor == 0 and len(number) < 4 and number.isdigit() and 1900 <= int(number) <= 2099:
            continue
        use_code = symbol is None or variant in (5, 6)
        marker = code if use_code else symbol
        space = " " if use_code or rng.random() < 0.5 else ""
        if style == "fr" and not use_code:
            space = rng.choice([" ", NBSP])
        pos = position if variant != 6 else ("after" if position == "before" else "before")
        span = f"{marker}{space}{number}" if pos == "before" else f"{number}{space}{marker}"
        ctx = rng.choice(CONTEXT[style])
        text = ctx + span + rng.choice(SUFFIX)
        add(text, source, [(amount, code, span, None, None)], "template-code" if use_code else "template-symbol")
    # unmarked in source currency, with decimals
    if minor == 2:
        for _ in range(2):
            number, amount = fmt(rng.randint(50, 99999), 2, style)
            ctx = rng.choice(CONTEXT[style])
            add(ctx + number, source, [(amount, code, number, None, None)], "template-unmarked")

# bare numbers when enabled
for n in [514, 89, 1250, 7, 349]:
    add(f"Item {n}" if n < 10 else f"{n}", "USD", [(str(n), "USD", str(n), None, None)], "bare", bare=True)
add("Aisle 7 now 3", "USD", [("3", "USD", "3", None, None)], "bare", bare=True)
add("2026", "USD", [], "bare-year", bare=True)
add("12.03.2026", "USD", [], "bare-date", bare=True)
add("500 g", "USD", [], "bare-measure", bare=True)

# templated rejections
for _ in range(12):
    d, m, y = rng.randint(1, 28), rng.randint(1, 12), rng.randint(2019, 2030)
    add(rng.choice([f"{d:02d}.{m:02d}.{y}", f"{m}/{d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{d:02d}/{m:02d}/{y % 100:02d}", f"Datum: {d}.{m}.{y}"]), "EUR", [], "reject-date")
for _ in range(10):
    add(rng.choice([f"{rng.randint(0,23)}:{rng.randint(0,59):02d}", f"{rng.randint(1,12)}:{rng.randint(0,59):02d} pm", f"{rng.randint(6,22)}h{rng.randint(0,59):02d}", f"{rng.randint(6,22)}.{rng.randint(0,59):02d} Uhr"]), "EUR", [], "reject-time")
for _ in range(10):
    add(rng.choice([f"{rng.randint(1,99)}%", f"-{rng.randint(5,70)} %", f"{rng.randint(1,9)},{rng.randint(0,9)}% vol", f"{rng.randint(1,99)}.{rng.randint(0,9)}%"]), "EUR", [], "reject-percent")
for _ in range(10):
    add(rng.choice([f"+{rng.randint(1,49)} {rng.randint(10,99)} {rng.randint(1000000,9999999)}", f"({rng.randint(200,999)}) {rng.randint(200,999)}-{rng.randint(1000,9999)}", f"Tel. 0{rng.randint(30,999)} {rng.randint(100000,9999999)}", f"{rng.randint(200,999)}-{rng.randint(200,999)}-{rng.randint(1000,9999)}"]), "USD", [], "reject-phone")
for _ in range(12):
    w = rng.choice([f"{rng.randint(50,999)} g", f"{rng.randint(1,5)}.{rng.randint(1,9)} L", f"{rng.randint(4,32)} oz", f"{rng.randint(1,3)},{rng.randint(1,9)} kg", f"{rng.randint(100,750)} ml", f"{rng.randint(1,9)}.{rng.randint(1,9)} lbs", f"{rng.randint(10,99)}cl", f"{rng.randint(1,5)}x{rng.randint(100,500)}g"])
    add(w, "EUR", [], "reject-measure")
for _ in range(6):
    add(rng.choice([f"Since {rng.randint(1900,2020)}", f"Est. {rng.randint(1850,1999)}", f"{rng.randint(1990,2026)} Collection", f"Modell {rng.randint(1990,2026)}"]), "USD", [], "reject-year")
for _ in range(6):
    add(rng.choice(["".join(str(rng.randint(0,9)) for _ in range(13)), "".join(str(rng.randint(0,9)) for _ in range(8)), f"SKU {rng.randint(10000000,99999999)}"]), "USD", [], "reject-long")

json.dump(entries, open(sys.argv[1], "w"), ensure_ascii=False, indent=1)
print(len(entries), "entries", sum(len(e["prices"]) for e in entries), "prices", len({p["currency"] for e in entries for p in e["prices"]}), "currencies")
