#!/usr/bin/env python3
"""lensd sample generator: synthetic price-tag boards filmed by a virtual camera.

Renders a large "shelf" board (price tags + shelf labels in several fonts, sizes
and colours, many currencies and formats, plus distractor text such as dates,
phone numbers, weights, percentages, product names and SKU digits), then moves
a virtual hand-held camera over it: per frame a projective view (pan, zoom,
small rotation, shake, optional tilt), motion blur along the motion (averaged
sub-exposure poses), uneven lighting (vignette + gradient), Gaussian noise and
JPEG artefacts.  Writes frames plus ground truth (truth.json) giving, for every
price whose text is fully inside the frame, its amount, currency and pixel box
(axis-aligned bounding box of the transformed price-text ink rectangle).

Output is deterministic: the same arguments (and the same Pillow/FreeType/
libjpeg versions) give byte-identical files.  No timestamps are embedded.

Depends only on numpy, Pillow and the Debian font packages fonts-dejavu-core,
fonts-dejavu-extra, fonts-liberation and fonts-freefont-ttf.

Examples (the committed samples):
  python3 samples/generate.py --name shelf-handheld --size 640x480 --fps 30 \\
      --frames 60 --motion handheld --seed 3 --format jpeg-dir --out samples
  python3 samples/generate.py --name shelf-pan --size 640x480 --fps 30 \\
      --frames 12 --motion slow-pan --seed 5 --format y4m --out samples
  python3 samples/generate.py --stills --name stills --seed 3 --out samples
"""

import argparse
import io
import json
import math
import os
import sys

try:
    import numpy as np
except ImportError:  # pragma: no cover
    sys.exit("generate.py: numpy is required (pip install numpy / apt install python3-numpy)")
try:
    from PIL import Image, ImageDraw, ImageFilter, ImageFont
except ImportError:  # pragma: no cover
    sys.exit("generate.py: Pillow is required (pip install pillow / apt install python3-pil)")

FONT_DIR = "/usr/share/fonts/truetype"

# name -> (relative path, Debian package)
FONTS = {
    "dejavu-sans-bold": ("dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-sans": ("dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
    "dejavu-sans-cond-bold": ("dejavu/DejaVuSansCondensed-Bold.ttf", "fonts-dejavu-extra"),
    "dejavu-sans-cond": ("dejavu/DejaVuSansCondensed.ttf", "fonts-dejavu-extra"),
    "dejavu-serif-bold": ("dejavu/DejaVuSerif-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-serif": ("dejavu/DejaVuSerif.ttf", "fonts-dejavu-core"),
    "dejavu-mono-bold": ("dejavu/DejaVuSansMono-Bold.ttf", "fonts-dejavu-core"),
    "dejavu-mono": ("dejavu/DejaVuSansMono.ttf", "fonts-dejavu-core"),
    "liberation-sans-bold": ("liberation/LiberationSans-Bold.ttf", "fonts-liberation"),
    "liberation-sans": ("liberation/LiberationSans-Regular.ttf", "fonts-liberation"),
    "liberation-narrow-bold": ("liberation/LiberationSansNarrow-Bold.ttf", "fonts-liberation"),
    "liberation-serif-bold": ("liberation/LiberationSerif-Bold.ttf", "fonts-liberation"),
    "liberation-mono-bold": ("liberation/LiberationMono-Bold.ttf", "fonts-liberation"),
    "liberation-mono": ("liberation/LiberationMono-Regular.ttf", "fonts-liberation"),
    "free-sans-bold": ("freefont/FreeSansBold.ttf", "fonts-freefont-ttf"),
    "free-sans": ("freefont/FreeSans.ttf", "fonts-freefont-ttf"),
    "free-serif-bold": ("freefont/FreeSerifBold.ttf", "fonts-freefont-ttf"),
    "free-mono-bold": ("freefont/FreeMonoBold.ttf", "fonts-freefont-ttf"),
}

PRICE_FONTS = [
    "dejavu-sans-bold", "dejavu-sans-cond-bold", "liberation-sans-bold",
    "liberation-narrow-bold", "free-sans-bold", "dejavu-serif-bold",
    "liberation-serif-bold", "liberation-mono-bold", "dejavu-mono-bold",
    "free-serif-bold", "liberation-sans", "dejavu-sans",
]
SMALL_FONTS = [
    "dejavu-sans", "dejavu-sans-cond", "liberation-sans", "free-sans",
    "dejavu-serif", "liberation-mono", "dejavu-sans-bold", "liberation-sans-bold",
]

CONDITIONS = {
    "lowlight": "dark frame (x0.35 exposure, gamma), stronger noise and a warm cast",
    "glare": "one or two bright specular blobs drifting over the frame",
    "inverted": "board colours inverted (light text on dark almost everywhere)",
    "small-text": "camera zoomed out ~0.6x: price text ~14-35 px high",
    "tilt": "camera not parallel to the board: perspective keystone up to ~15 deg",
    "blur": "defocus (Gaussian blur, radius ~1.8 px at 640x480)",
    "noisy": "heavy sensor noise (sigma x3) plus sparse hot pixels",
    "receipt": "board is crumpled thermal-paper receipts (mono fonts, faded print) instead of a shelf",
}

HANDHELD_WALK = 110.0  # frame px / s drift along the shelf in handheld mode
OUT_AND_BACK_SWING = 0.45  # out-and-back: swing amplitude as a fraction of the view width
MOTIONS = ("static", "slow-pan", "fast-pan", "handheld", "out-and-back")
# tracking scenarios (--scenario); each draws from its own random stream, so adding one never
# changes the rest of a sequence
SCENARIOS = {
    "twins": "two identical tags (same price, font and style) side by side where the camera looks mid-sequence",
    "occluder": "an opaque hand-coloured block sweeps across the frame over the tag nearest the centre; "
                "prices it covers (even partly) are left out of the truth while covered",
}
FORMATS = ("jpeg-dir", "png-dir", "y4m")


def die(msg):
    sys.stderr.write("generate.py: error: %s\n" % msg)
    sys.exit(2)


_font_cache = {}


def font(name, size):
    key = (name, int(size))
    f = _font_cache.get(key)
    if f is None:
        rel, pkg = FONTS[name]
        path = os.path.join(FONT_DIR, rel)
        if not os.path.isfile(path):
            die("font %s not found (install the Debian package %s)" % (path, pkg))
        f = ImageFont.truetype(path, int(size))
        _font_cache[key] = f
    return f


def check_fonts():
    missing = []
    for rel, pkg in FONTS.values():
        path = os.path.join(FONT_DIR, rel)
        if not os.path.isfile(path):
            missing.append("%s (package %s)" % (path, pkg))
    if missing:
        die("missing fonts:\n  " + "\n  ".join(missing) +
            "\ninstall: apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf")


# --------------------------------------------------------------------------
# Prices
# --------------------------------------------------------------------------

def _group(intpart, sep):
    s = str(intpart)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


PRICE_FORMATS = [
    "usd", "usd_big", "usd_code", "eur_suffix", "eur_prefix_big", "eur_prefix",
    "eur_code", "jpy", "gbp", "gbp_whole", "chf", "czk", "brl", "eur_suffix",
    "usd", "gbp_code", "usd_space",
]


def fmt_price(rng, fmt_id=None):
    """Return (text, amount, currency).  amount uses the currency's minor units:
    2 decimals for USD/EUR/GBP/CHF/BRL, 0 for JPY and CZK (koruna prices are
    shown whole; "1 299 Kc" -> "1299")."""
    f = fmt_id or PRICE_FORMATS[int(rng.integers(len(PRICE_FORMATS)))]

    def cents(lo, hi):
        # realistic endings: .99 .49 .50 .95 .00 or random
        whole = int(rng.integers(lo, hi + 1))
        r = rng.random()
        if r < 0.35:
            c = 99
        elif r < 0.5:
            c = 49
        elif r < 0.6:
            c = 50
        elif r < 0.68:
            c = 95
        elif r < 0.75:
            c = 0
        else:
            c = int(rng.integers(0, 100))
        return whole, c

    if f == "usd":
        w, c = cents(0, 99)
        return "$%d.%02d" % (w, c), "%d.%02d" % (w, c), "USD"
    if f == "usd_space":
        w, c = cents(1, 49)
        return "$ %d.%02d" % (w, c), "%d.%02d" % (w, c), "USD"
    if f == "usd_big":
        w, c = cents(1000, 4999)
        return "$%s.%02d" % (_group(w, ","), c), "%d.%02d" % (w, c), "USD"
    if f == "usd_code":
        w, c = cents(1, 199)
        return "USD %d.%02d" % (w, c), "%d.%02d" % (w, c), "USD"
    if f == "eur_suffix":
        w, c = cents(0, 99)
        return "%d,%02d €" % (w, c), "%d.%02d" % (w, c), "EUR"
    if f == "eur_prefix_big":
        w, c = cents(1000, 2999)
        return "€ %s,%02d" % (_group(w, "."), c), "%d.%02d" % (w, c), "EUR"
    if f == "eur_prefix":
        w, c = cents(0, 99)
        return "€%d.%02d" % (w, c), "%d.%02d" % (w, c), "EUR"
    if f == "eur_code":
        w, c = cents(1, 99)
        return "EUR %d,%02d" % (w, c), "%d.%02d" % (w, c), "EUR"
    if f == "jpy":
        v = int(rng.integers(8, 980)) * 10
        return "¥%s" % _group(v, ","), "%d" % v, "JPY"
    if f == "gbp":
        w, c = cents(0, 79)
        return "£%d.%02d" % (w, c), "%d.%02d" % (w, c), "GBP"
    if f == "gbp_whole":
        w = int(rng.integers(2, 250))
        return "£%d" % w, "%d.00" % w, "GBP"
    if f == "gbp_code":
        w, c = cents(1, 99)
        return "GBP %d.%02d" % (w, c), "%d.%02d" % (w, c), "GBP"
    if f == "chf":
        w, c = cents(1, 199)
        c = (c // 5) * 5  # Swiss 5-rappen rounding
        return "CHF %d.%02d" % (w, c), "%d.%02d" % (w, c), "CHF"
    if f == "czk":
        v = int(rng.integers(19, 3000))
        return "%s Kč" % _group(v, " "), "%d" % v, "CZK"
    if f == "brl":
        w, c = cents(1, 299)
        return "R$ %s,%02d" % (_group(w, "."), c), "%d.%02d" % (w, c), "BRL"
    raise ValueError(f)


PRODUCTS = [
    "Organic Milk", "Whole Wheat Bread", "Greek Yogurt", "Espresso Beans",
    "Basmati Rice", "Olive Oil Extra", "Dark Chocolate", "Apple Juice",
    "Cheddar Cheese", "Pasta Fusilli", "Green Tea", "Peanut Butter",
    "Orange Marmalade", "Sparkling Water", "Corn Flakes", "Tomato Sauce",
    "Almond Drink", "Honey Blossom", "Salted Butter", "Oat Cookies",
    "Dish Soap", "Paper Towels", "Shampoo Fresh", "Toothpaste Mint",
    "Coffee Filter", "Brown Sugar", "Sea Salt", "Mineral Water",
]
BRANDS = ["ACME", "Nordic", "BestBuy", "FreshCo", "Gold", "Vita", "Alpina", "Sunny"]


def distractor(rng):
    k = int(rng.integers(10))
    if k == 0:
        return "%02d.%02d.%d" % (rng.integers(1, 29), rng.integers(1, 13), rng.integers(2023, 2027))
    if k == 1:
        return "+49 30 %07d" % rng.integers(1000000, 9999999)
    if k == 2:
        return "%d g" % (int(rng.integers(1, 20)) * 50)
    if k == 3:
        return "%d.%d L" % (rng.integers(0, 3), rng.integers(1, 10))
    if k == 4:
        return "-%d%%" % (int(rng.integers(1, 10)) * 5)
    if k == 5:
        return "SKU %08d" % rng.integers(10000000, 99999999)
    if k == 6:
        return "%013d" % rng.integers(10 ** 12, 10 ** 13 - 1)
    if k == 7:
        return "Art. %d-%03d" % (rng.integers(100, 999), rng.integers(0, 999))
    if k == 8:
        return "%d x %d ml" % (rng.integers(2, 13), int(rng.integers(1, 11)) * 50)
    return "Best before %02d/%02d" % (rng.integers(1, 13), rng.integers(24, 29))


# tag style: (background, price colour, small-text colour, border or None)
TAG_STYLES = [
    ("white", (250, 250, 246), (20, 20, 20), (60, 60, 60), (180, 180, 180)),
    ("white-red", (252, 252, 250), (200, 20, 25), (40, 40, 40), (200, 20, 25)),
    ("yellow", (255, 222, 40), (15, 15, 15), (40, 40, 40), None),
    ("yellow-red", (255, 230, 60), (205, 25, 25), (30, 30, 30), (205, 25, 25)),
    ("red", (205, 28, 32), (255, 255, 255), (255, 235, 235), None),
    ("dark", (28, 30, 38), (250, 250, 250), (200, 200, 200), None),
    ("navy", (20, 40, 95), (255, 225, 60), (220, 225, 240), None),
    ("green", (18, 90, 50), (255, 255, 255), (215, 240, 220), None),
    ("orange", (250, 140, 30), (10, 10, 10), (30, 30, 30), None),
    ("grey", (225, 228, 232), (20, 40, 110), (70, 70, 80), (150, 150, 160)),
]


# real shelves are mostly white/yellow labels; coloured and dark tags are a minority
STYLE_WEIGHTS = np.array([3, 2, 2, 1, 1, 1, 1, 1, 1, 1.5], dtype=np.float64)
STYLE_WEIGHTS /= STYLE_WEIGHTS.sum()


def text_ink_box(fnt, text):
    """Exact ink box of `text` drawn at (0,0) with anchor 'la': (x0,y0,x1,y1)."""
    l, t, r, b = fnt.getbbox(text)
    w, h = r + 8, b + 8
    im = Image.new("L", (w, h), 0)
    ImageDraw.Draw(im).text((0, 0), text, font=fnt, fill=255)
    a = np.asarray(im) > 40
    ys = np.nonzero(a.any(axis=1))[0]
    xs = np.nonzero(a.any(axis=0))[0]
    if len(xs) == 0:
        return (l, t, r, b)
    return (int(xs[0]), int(ys[0]), int(xs[-1]) + 1, int(ys[-1]) + 1)


# --------------------------------------------------------------------------
# Board rendering
# --------------------------------------------------------------------------

class Board:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.img = None
        self.prices = []  # dicts: id,text,amount,currency,rect(x0,y0,x1,y1) canvas coords
        self.occupied = []
        self._fmts = []

    def next_format(self, rng):
        """Formats in shuffled rounds, so every part of the board mixes currencies."""
        if not self._fmts:
            self._fmts = [PRICE_FORMATS[i] for i in rng.permutation(len(PRICE_FORMATS))]
        return self._fmts.pop()

    def free(self, r, pad=6):
        x0, y0, x1, y1 = r
        if x0 < 0 or y0 < 0 or x1 > self.w or y1 > self.h:
            return False
        for a in self.occupied:
            if x0 < a[2] + pad and a[0] < x1 + pad and y0 < a[3] + pad and a[1] < y1 + pad:
                return False
        return True


def background(rng, w, h, base, amp=10):
    """Smooth low-frequency texture around colour `base`."""
    gh, gw = max(2, h // 64), max(2, w // 64)
    small = rng.normal(0, amp, (gh, gw, 1)).astype(np.float32)
    tex = Image.fromarray(np.clip(small[:, :, 0] + 128, 0, 255).astype(np.uint8), "L")
    tex = np.asarray(tex.resize((w, h), Image.BICUBIC), dtype=np.float32) - 128
    fine = rng.normal(0, amp * 0.25, (h, w)).astype(np.float32)
    arr = np.array(base, dtype=np.float32)[None, None, :] + (tex + fine)[:, :, None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def draw_tag(board, draw, rng, x, y, price_px, next_id, style=None, max_w=None):
    """Draw one price tag with top-left (x,y).  Returns (w,h) or None if it does not fit."""
    st = style or TAG_STYLES[int(rng.choice(len(TAG_STYLES), p=STYLE_WEIGHTS))]
    _, bg, pc, sc, border = st
    text, amount, cur = fmt_price(rng, board.next_format(rng))
    pf_name = PRICE_FONTS[int(rng.integers(len(PRICE_FONTS)))]
    pf = font(pf_name, price_px)
    small_px = max(12, int(price_px * rng.uniform(0.28, 0.42)))
    sf = font(SMALL_FONTS[int(rng.integers(len(SMALL_FONTS)))], small_px)
    name = PRODUCTS[int(rng.integers(len(PRODUCTS)))]
    if rng.random() < 0.4:
        name = BRANDS[int(rng.integers(len(BRANDS)))] + " " + name
    px0, py0, px1, py1 = text_ink_box(pf, text)
    pw, ph = px1 - px0, py1 - py0
    bottom = distractor(rng)
    if rng.random() < 0.6:
        two = bottom + "   " + distractor(rng)
        if sf.getbbox(two)[2] <= pw * 1.15:
            bottom = two
    while sf.getbbox(name)[2] > max(pw * 1.3, 60) and " " in name:
        name = name.split(" ", 1)[1]
    nb = sf.getbbox(name)
    bb = sf.getbbox(bottom)
    pad = int(price_px * 0.3) + 4
    gap = int(small_px * 0.45) + 2
    w = max(pw, nb[2], bb[2]) + 2 * pad
    h = pad + (nb[3]) + gap + ph + gap + (bb[3]) + pad
    if max_w is not None and w > max_w:
        return None
    rect = (x, y, x + w, y + h)
    if not board.free(rect):
        return None
    board.occupied.append(rect)
    draw.rectangle(rect, fill=bg, outline=border, width=(2 if border else 0))
    # product name, top-left
    cy = y + pad
    draw.text((x + pad, cy), name, font=sf, fill=sc)
    cy += nb[3] + gap
    # price: left-aligned or centred
    if rng.random() < 0.5:
        tx = x + pad - px0
    else:
        tx = x + (w - pw) // 2 - px0
    ty = cy - py0
    draw.text((tx, ty), text, font=pf, fill=pc)
    cy += ph + gap
    draw.text((x + pad, cy), bottom, font=sf, fill=sc)
    board.prices.append({
        "id": "t%d" % next_id, "text": text, "amount": amount, "currency": cur,
        "rect": (tx + px0, ty + py0, tx + px1, ty + py1),
        "_style": st[0], "_font": pf_name,
    })
    return (w, h)


def draw_products(draw, rng, x0, y0, x1, y1, unit):
    """Product packaging blocks (colour boxes with small brand/name text)."""
    x = x0 + int(rng.integers(0, 20))
    while x < x1 - 40:
        pw = int(rng.uniform(0.6, 1.6) * 90 * unit)
        ph = int(rng.uniform(0.55, 0.95) * (y1 - y0))
        if x + pw > x1:
            break
        col = tuple(int(v) for v in rng.integers(40, 230, 3))
        top = y1 - ph
        draw.rectangle((x, top, x + pw, y1), fill=col, outline=tuple(max(0, c - 40) for c in col))
        # label band
        lb = tuple(int(v) for v in rng.integers(150, 256, 3))
        band_y = top + int(ph * rng.uniform(0.25, 0.5))
        band_h = int(ph * 0.22)
        draw.rectangle((x + 4, band_y, x + pw - 4, band_y + band_h), fill=lb)
        f = font(SMALL_FONTS[int(rng.integers(len(SMALL_FONTS)))], max(11, int(band_h * 0.45)))
        draw.text((x + 8, band_y + 3), BRANDS[int(rng.integers(len(BRANDS)))], font=f, fill=(20, 20, 20))
        x += pw + int(rng.integers(4, 18))


def render_shelf(rng, w, h, unit, price_range, conditions):
    """Shelf board: rows of product blocks, each above a shelf edge carrying tags."""
    board = Board(w, h)
    img = background(rng, w, h, (196, 192, 184), amp=12)
    draw = ImageDraw.Draw(img)
    next_id = 1
    y = int(20 * unit)
    edge_h = int(price_range[1] * 2.2 + 20 * unit)
    n_rows = max(1, int((h - y) // (edge_h + 70 * unit)))
    row_total = (h - y) / n_rows
    for row in range(n_rows):
        y = int(20 * unit + row * row_total)
        row_h = int(row_total) - int(rng.integers(0, 10) * unit)
        prod_top = y
        edge_y = y + row_h - edge_h
        draw_products(draw, rng, 0, prod_top, w, edge_y - int(6 * unit), unit)
        # shelf edge strip
        edge_col = [(235, 235, 232), (70, 72, 78), (205, 210, 215), (240, 236, 220)][row % 4]
        draw.rectangle((0, edge_y, w, y + row_h), fill=edge_col)
        draw.line((0, edge_y, w, edge_y), fill=(120, 120, 120), width=max(1, int(3 * unit)))
        # tags along the edge
        x = int(rng.integers(10, 60) * unit)
        while x < w - 60 * unit:
            ppx = int(rng.uniform(*price_range))
            ty = edge_y + int(rng.integers(4, 14) * unit)
            res = draw_tag(board, draw, rng, x, ty, ppx, next_id, max_w=w - x - 8)
            if res is None:
                x += int(40 * unit)
                continue
            next_id += 1
            x += res[0] + int(rng.uniform(15, 55) * unit)
            # distractor text between tags on the shelf edge
            if rng.random() < 0.45 and x < w - 200 * unit:
                dt = distractor(rng)
                df = font(SMALL_FONTS[int(rng.integers(len(SMALL_FONTS)))], int(rng.uniform(16, 26) * unit))
                bb = df.getbbox(dt)
                r = (x, ty + 10, x + bb[2], ty + 10 + bb[3])
                if board.free(r):
                    board.occupied.append(r)
                    col = (20, 20, 20) if sum(edge_col) > 380 else (235, 235, 235)
                    draw.text((x, ty + 10), dt, font=df, fill=col)
                    x += bb[2] + int(rng.uniform(30, 80) * unit)
        # occasional promo sign / banner in the product zone (with or without price)
        for _ in range(int(rng.integers(2, 5))):
            sx = int(rng.integers(0, max(1, w - 360 * unit)))
            sy = prod_top + int(rng.integers(10, max(11, int(row_h * 0.3))))
            if rng.random() < 0.6:
                draw_tag(board, draw, rng, sx, sy, int(rng.uniform(*price_range) * 1.1), next_id,
                         style=TAG_STYLES[int(rng.choice([2, 4, 8]))])
                if board.prices and board.prices[-1]["id"] == "t%d" % next_id:
                    next_id += 1
            else:
                msg = ["SALE", "Info +49 30 %07d" % rng.integers(10 ** 6, 10 ** 7 - 1),
                       "Best before %02d.%02d.2024" % (rng.integers(1, 29), rng.integers(1, 13)),
                       "NEW -%d%%" % (int(rng.integers(1, 10)) * 5), "Aisle %d" % rng.integers(1, 20),
                       "2 for 1", "Open 7-22"][int(rng.integers(7))]
                mf = font(SMALL_FONTS[int(rng.integers(len(SMALL_FONTS)))], int(rng.uniform(20, 34) * unit))
                bb = mf.getbbox(msg)
                p = int(10 * unit)
                r = (sx, sy, sx + bb[2] + 2 * p, sy + bb[3] + 2 * p)
                if board.free(r):
                    board.occupied.append(r)
                    bgc = [(255, 255, 255), (20, 20, 20), (0, 110, 190), (255, 220, 0)][int(rng.integers(4))]
                    fg = (0, 0, 0) if sum(bgc) > 400 else (255, 255, 255)
                    draw.rectangle(r, fill=bgc)
                    draw.text((sx + p, sy + p), msg, font=mf, fill=fg)
    board.img = img
    return board


def render_receipts(rng, w, h, unit, price_range, conditions):
    """Receipt board: several thermal-paper receipts on a dark table."""
    board = Board(w, h)
    img = background(rng, w, h, (70, 60, 52), amp=14)
    draw = ImageDraw.Draw(img)
    next_id = 1
    n_receipt = 0
    x = int(30 * unit)
    while x < w - 300 * unit:
        lh = int(rng.uniform(price_range[0] * 0.85, price_range[0] * 1.0))
        # alternate monospaced (thermal printer) and proportional receipt fonts
        if n_receipt % 2 == 0:
            fname = ["dejavu-mono", "liberation-mono", "dejavu-mono-bold", "free-mono-bold"][int(rng.integers(4))]
        else:
            fname = ["dejavu-sans-cond", "liberation-narrow-bold", "free-sans", "dejavu-sans"][int(rng.integers(4))]
        n_receipt += 1
        f = font(fname, lh)
        cw = font("dejavu-mono", lh).getbbox("M")[2]
        cols = int(rng.integers(19, 25))
        rw = cols * cw + int(40 * unit)
        if x + rw > w - 10:
            break
        paper = (int(rng.integers(236, 250)),) * 2 + (int(rng.integers(226, 240)),)
        ink = tuple(int(v) for v in rng.integers(40, 90, 3))
        top = int(rng.integers(20, 80) * unit)
        bottom = h - int(rng.integers(20, 80) * unit)
        draw.rectangle((x, top, x + rw, bottom), fill=paper)
        board.occupied.append((x, top, x + rw, bottom))
        cy = top + int(20 * unit)
        shop = ["SUPERMARKT NORD", "FRESH MARKET", "CORNER SHOP", "MINI MART"][int(rng.integers(4))]
        draw.text((x + 20 * unit, cy), shop, font=f, fill=ink)
        cy += int(lh * 1.5)
        draw.text((x + 20 * unit, cy), distractor(rng), font=f, fill=ink)
        cy += int(lh * 1.5)
        code = board.next_format(rng)
        while cy + lh * 3 < bottom - 20 * unit:
            if rng.random() < 0.2:
                draw.text((x + 20 * unit, cy), distractor(rng), font=f, fill=ink)
                cy += int(lh * 1.4)
                continue
            name = PRODUCTS[int(rng.integers(len(PRODUCTS)))].upper()[:cols - 11]
            text, amount, cur = fmt_price(rng, code)
            bx0, by0, bx1, by1 = text_ink_box(f, text)
            draw.text((x + 20 * unit, cy), name, font=f, fill=ink)
            tx = x + rw - 20 * unit - bx1
            draw.text((tx, cy), text, font=f, fill=ink)
            board.prices.append({"id": "t%d" % next_id, "text": text, "amount": amount, "currency": cur,
                                 "rect": (tx + bx0, cy + by0, tx + bx1, cy + by1)})
            next_id += 1
            cy += int(lh * 1.4)
        # fold / crumple shading: soft horizontal bands
        x += rw + int(rng.uniform(30, 90) * unit)
    arr = np.asarray(img, dtype=np.float32)
    yy = np.arange(h, dtype=np.float32)[:, None]
    shade = 1.0 - 0.08 * (np.sin(yy / (37.0 * unit) + rng.uniform(0, 6)) ** 8)
    arr = arr * shade[:, :, None]
    board.img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
    return board


def render_board(rng, w, h, unit, price_range, conditions):
    if "receipt" in conditions:
        b = render_receipts(rng, w, h, unit, price_range, conditions)
    else:
        b = render_shelf(rng, w, h, unit, price_range, conditions)
    if "inverted" in conditions:
        b.img = Image.fromarray(255 - np.asarray(b.img), "RGB")
    return b


# --------------------------------------------------------------------------
# Camera
# --------------------------------------------------------------------------

class Camera:
    """Continuous-time camera pose: centre (canvas px), scale (frame px per canvas px),
    rotation (rad), keystone tilt (perspective terms)."""

    def __init__(self, rng, motion, fw, fh, bw, bh, scale, duration, conditions):
        self.fw, self.fh, self.bw, self.bh = fw, fh, bw, bh
        self.motion = motion
        self.duration = duration
        self.scale0 = scale
        self.tilt = "tilt" in conditions
        vw, vh = fw / scale, fh / scale
        self.vw, self.vh = vw, vh
        r = lambda a, b: float(rng.uniform(a, b))
        # shake: several higher-frequency sinusoids (continuous in time => sub-frame blur)
        self.shake = [(r(3, 8), r(0, 6.283), r(0, 6.283)) for _ in range(4)]
        self.drift = [(r(0.08, 0.35), r(0, 6.283), r(0, 6.283)) for _ in range(3)]
        self.rot_f = [(r(0.1, 0.5), r(0, 6.283)) for _ in range(2)]
        self.zoom_f = (r(0.1, 0.4), r(0, 6.283))
        self.tilt_f = (r(0.05, 0.3), r(0, 6.283), r(0.05, 0.3), r(0, 6.283))
        margin = 0.62 * math.hypot(vw, vh) * 0.5
        self.cx0 = bw / 2 + r(-0.1, 0.1) * bw
        self.cy0 = bh / 2 + r(-0.1, 0.1) * bh
        if motion in ("slow-pan", "fast-pan"):
            speed = (r(150, 220) if motion == "slow-pan" else r(550, 750)) / scale  # frame px / s -> canvas px / s
            self.speed = speed
            self.x_lo = vw / 2 + 10
            self.x_hi = bw - vw / 2 - 10
            self.cy0 = min(max(self.cy0, vh / 2 + 10), bh - vh / 2 - 10)
            self.x_start = self.x_lo + r(0, 0.15) * (self.x_hi - self.x_lo)
        if motion == "handheld":
            # the user walks slowly along the shelf while holding the phone
            self.walk = HANDHELD_WALK / scale
            self.cx0 = 0.5 * vw + 0.3 * vw
        self.cx0 = min(max(self.cx0, margin), bw - margin)
        self.cy0 = min(max(self.cy0, margin), bh - margin)

    def pose(self, t):
        cx, cy, s, rot = self.cx0, self.cy0, self.scale0, 0.0
        kx = ky = 0.0
        m = self.motion
        if m in ("slow-pan", "fast-pan"):
            span = self.x_hi - self.x_lo
            d = (self.x_start - self.x_lo) + self.speed * t
            d = d % (2 * span)
            cx = self.x_lo + (d if d <= span else 2 * span - d)
            cy = self.cy0 + 12 * math.sin(0.6 * t)
            amp = 0.6 if m == "slow-pan" else 1.5
            for f, p1, p2 in self.shake:
                cx += amp / s * math.sin(6.283 * f * t + p1) * 0.5
                cy += amp / s * math.sin(6.283 * f * t + p2) * 0.5
            rot = math.radians(0.6) * math.sin(6.283 * self.rot_f[0][0] * t + self.rot_f[0][1])
        elif m == "out-and-back":
            # one full horizontal swing over the sequence: tags at one side leave the view and
            # come back, then tags at the other side do
            period = self.duration if self.duration > 0 else 1.0
            cx += OUT_AND_BACK_SWING * self.vw * math.sin(6.283 * t / period)
            cy += 8 * math.sin(0.6 * t)
            for f, p1, p2 in self.shake:
                cx += 0.6 / s * math.sin(6.283 * f * t + p1) * 0.5
                cy += 0.6 / s * math.sin(6.283 * f * t + p2) * 0.5
        elif m == "handheld":
            amp_x, amp_y = 0.12 * self.vw, 0.14 * self.vh
            cx += self.walk * t
            for f, p1, p2 in self.drift:
                cx += amp_x / 3 * 2 * math.sin(6.283 * f * t + p1)
                cy += amp_y / 3 * 2 * math.sin(6.283 * f * t + p2)
            for f, p1, p2 in self.shake:
                cx += 1.0 / s * math.sin(6.283 * f * t + p1)
                cy += 1.0 / s * math.sin(6.283 * f * t + p2)
            s = self.scale0 * (1 + 0.09 * math.sin(6.283 * self.zoom_f[0] * t + self.zoom_f[1]))
            rot = math.radians(3.0) * (0.7 * math.sin(6.283 * self.rot_f[0][0] * t + self.rot_f[0][1]) +
                                       0.3 * math.sin(6.283 * self.rot_f[1][0] * t * 3 + self.rot_f[1][1]))
        # keep the view on the board
        ex = (self.fw / 2 * abs(math.cos(rot)) + self.fh / 2 * abs(math.sin(rot))) / s + 2
        ey = (self.fw / 2 * abs(math.sin(rot)) + self.fh / 2 * abs(math.cos(rot))) / s + 2
        if self.bw > 2 * ex:
            cx = min(max(cx, ex), self.bw - ex)
        if self.bh > 2 * ey:
            cy = min(max(cy, ey), self.bh - ey)
        if self.tilt:
            f1, p1, f2, p2 = self.tilt_f
            kx = 0.25 * (0.6 + 0.4 * math.sin(6.283 * f1 * t + p1)) * (1 if p2 > 3.14 else -1)
            ky = 0.15 * math.sin(6.283 * f2 * t + p2)
        return cx, cy, s, rot, kx, ky

    def forward(self, pose):
        """3x3 homography canvas -> frame."""
        cx, cy, s, rot, kx, ky = pose
        c, sn = math.cos(rot), math.sin(rot)
        T1 = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1]], dtype=np.float64)
        A = np.array([[s * c, -s * sn, 0], [s * sn, s * c, 0], [0, 0, 1]], dtype=np.float64)
        H = A @ T1
        if kx or ky:
            # keystone in normalised frame coords (x/fw, y/fh in [-0.5,0.5]), then
            # rescale so the centre scale stays ~s
            P = np.array([[1, 0, 0], [0, 1, 0], [kx / self.fw, ky / self.fh, 1]], dtype=np.float64)
            H = P @ H
        T2 = np.array([[1, 0, self.fw / 2], [0, 1, self.fh / 2], [0, 0, 1]], dtype=np.float64)
        return T2 @ H


def apply_h(H, pts):
    p = np.hstack([np.asarray(pts, dtype=np.float64), np.ones((len(pts), 1))]) @ H.T
    return p[:, :2] / p[:, 2:3]


def warp(board_img, H, fw, fh):
    Hi = np.linalg.inv(H)
    Hi = Hi / Hi[2, 2]
    coeffs = tuple(float(v) for v in Hi.flatten()[:8])
    return board_img.transform((fw, fh), Image.PERSPECTIVE, coeffs, resample=Image.BICUBIC,
                               fillcolor=(90, 88, 84))


# --------------------------------------------------------------------------
# Frame degradation
# --------------------------------------------------------------------------

def degrade(rng, frame, t, fw, fh, params, conditions, glare_spots):
    a = np.asarray(frame, dtype=np.float32)
    yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
    nx, ny = (xx - fw / 2) / (fw / 2), (yy - fh / 2) / (fh / 2)
    vig = 1.0 - params["vignette"] * (nx * nx + ny * ny) / 2
    ang = params["grad_angle"] + 0.3 * math.sin(0.4 * t)
    grad = 1.0 + params["gradient"] * (nx * math.cos(ang) + ny * math.sin(ang))
    gain = params["exposure"] * (1.0 + 0.03 * math.sin(2.1 * t + 1.0))
    light = (vig * grad * gain)[:, :, None]
    a = a * light
    if "lowlight" in conditions:
        a = 255.0 * np.power(np.clip(a / 255.0, 0, 1), 1.25) * 0.38
        a *= np.array([1.05, 0.97, 0.85], dtype=np.float32)[None, None, :]
    if "glare" in conditions:
        for (gx, gy, gr, gs, vx, vy) in glare_spots:
            px = (gx + vx * t) * fw
            py = (gy + vy * t) * fh
            d2 = ((xx - px) ** 2 + ((yy - py) * 1.6) ** 2) / (gr * fw) ** 2
            a = a + (gs * np.exp(-d2))[:, :, None]
    sigma = params["noise"]
    if sigma > 0:
        # luminance-correlated noise + small chroma noise
        n_l = rng.normal(0, sigma, (fh, fw, 1)).astype(np.float32)
        n_c = rng.normal(0, sigma * 0.35, (fh, fw, 3)).astype(np.float32)
        a = a + n_l + n_c
    if "noisy" in conditions:
        hot = rng.random((fh, fw)) < 0.002
        a[hot] = 255.0
    return Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8), "RGB")


def jpeg_roundtrip(img, quality):
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality, subsampling=2, optimize=False, progressive=False)
    buf.seek(0)
    return Image.open(buf).convert("RGB"), buf.getvalue()


def price_entries(board, H, fw, fh, cut=False):
    """The prices whose ink rectangle is fully inside the frame; with cut=True instead those the
    frame's edge cuts (partly inside, partly outside)."""
    out = []
    for p in board.prices:
        x0, y0, x1, y1 = p["rect"]
        q = apply_h(H, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        outside = (q[:, 0] < 0).any() or (q[:, 1] < 0).any() or (q[:, 0] > fw).any() or (q[:, 1] > fh).any()
        if cut:
            overlaps = q[:, 0].max() > 0 and q[:, 1].max() > 0 and q[:, 0].min() < fw and q[:, 1].min() < fh
            if not (outside and overlaps):
                continue
        elif outside:
            continue
        bx0, by0 = q[:, 0].min(), q[:, 1].min()
        bx1, by1 = q[:, 0].max(), q[:, 1].max()
        out.append({"id": p["id"], "text": p["text"], "amount": p["amount"], "currency": p["currency"],
                    "box": {"x": round(float(bx0), 1), "y": round(float(by0), 1),
                            "width": round(float(bx1 - bx0), 1), "height": round(float(by1 - by0), 1)}})
    return out


def write_json(path, obj):
    """Compact-ish deterministic JSON: one frame/image per line."""
    def dump(o):
        return json.dumps(o, ensure_ascii=False, separators=(",", ":"))
    with open(path, "w", encoding="utf-8") as f:
        key = "frames" if "frames" in obj else "images"
        head = {k: v for k, v in obj.items() if k != key}
        f.write(dump(head)[:-1] + (',' if head else '') + '"%s":[\n' % key)
        items = obj[key]
        for i, it in enumerate(items):
            f.write("  " + dump(it) + (",\n" if i + 1 < len(items) else "\n"))
        f.write("]}\n")


# --------------------------------------------------------------------------
# Y4M
# --------------------------------------------------------------------------

def rgb_to_yuv420(img):
    """Full-range BT.601 (JFIF) Y'CbCr, 4:2:0 with centred (jpeg) chroma siting."""
    a = np.asarray(img, dtype=np.float32)
    r, g, b = a[:, :, 0], a[:, :, 1], a[:, :, 2]
    y = 0.299 * r + 0.587 * g + 0.114 * b
    cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
    cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
    h, w = y.shape

    def sub(c):
        c = c[: h - h % 2, : w - w % 2]
        return (c[0::2, 0::2] + c[1::2, 0::2] + c[0::2, 1::2] + c[1::2, 1::2]) / 4

    q = lambda c: np.clip(c + 0.5, 0, 255).astype(np.uint8).tobytes()
    return q(y), q(sub(cb)), q(sub(cr))


# --------------------------------------------------------------------------
# Modes
# --------------------------------------------------------------------------

def parse_size(s):
    try:
        w, h = s.lower().split("x")
        w, h = int(w), int(h)
    except ValueError:
        die("--size must look like 640x480")
    if w < 64 or h < 64 or w % 2 or h % 2:
        die("--size: width and height must be even and >= 64")
    return w, h


def parse_conditions(lst):
    out = []
    for item in lst or []:
        for c in item.split(","):
            c = c.strip()
            if not c:
                continue
            if c not in CONDITIONS:
                die("unknown --condition %r (known: %s)" % (c, ", ".join(sorted(CONDITIONS))))
            if c not in out:
                out.append(c)
    return out


def add_twins(board, rng, cam, t_mid, unit, price_range):
    """Two identical tags side by side around where the camera looks at `t_mid` (canvas coords).

    Whatever was drawn there is painted over (shelf-edge colour) and its prices are removed."""
    cx, cy = cam.pose(t_mid)[:2]
    ppx = int(price_range[0] + 0.4 * (price_range[1] - price_range[0]))
    style = TAG_STYLES[0]
    state = rng.bit_generator.state
    # measure one tag on a scratch board, then clear a zone for two of them and a gap
    scratch = Board(board.w, board.h)
    size = draw_tag(scratch, ImageDraw.Draw(Image.new("RGB", (8, 8))), rng, 0, 0, ppx, 0, style=style)
    if size is None:
        die("twins: tag does not fit on the board")
    w, h = size
    gap = int(24 * unit)
    x0, y0 = int(cx - w - gap / 2), int(cy - h / 2)
    zone = (x0 - 12, y0 - 12, x0 + 2 * w + gap + 12, y0 + h + 12)
    draw = ImageDraw.Draw(board.img)
    draw.rectangle(zone, fill=(235, 235, 232))

    def overlaps(r):
        return r[0] < zone[2] and zone[0] < r[2] and r[1] < zone[3] and zone[1] < r[3]

    board.prices = [p for p in board.prices if not overlaps(p["rect"])]
    board.occupied = [r for r in board.occupied if not overlaps(r)]
    next_id = 1 + max([int(p["id"][1:]) for p in board.prices] + [0])
    for k in range(2):
        rng.bit_generator.state = state  # same draws: same price, font, product name and layout
        board._fmts = []
        if draw_tag(board, draw, rng, x0 + k * (w + gap), y0, ppx, next_id + k, style=style) is None:
            die("twins: tags do not fit on the board")


class Occluder:
    """An opaque, hand-coloured block (frame coordinates) sweeping across the frame over the tag
    nearest the frame centre at mid-sequence, from 20 % to 80 % of the sequence."""

    def __init__(self, rng, board, cam, fw, fh, duration):
        self.fw, self.fh = fw, fh
        self.duration = duration if duration > 0 else 1.0
        self.w = int(fw * 0.22)
        self.h = int(fh * 0.55)
        mid = price_entries(board, cam.forward(cam.pose(self.duration / 2)), fw, fh)
        if mid:
            target = min(mid, key=lambda p: math.hypot(p["box"]["x"] + p["box"]["width"] / 2 - fw / 2,
                                                       p["box"]["y"] + p["box"]["height"] / 2 - fh / 2))
            self.cy = target["box"]["y"] + target["box"]["height"] / 2
        else:
            self.cy = fh / 2
        self.cy += float(rng.uniform(-0.1, 0.1)) * self.h
        self.colour = tuple(int(v) for v in rng.integers([170, 110, 80], [215, 150, 120]))

    def rect(self, t):
        """(x0, y0, x1, y1) in frame pixels at time t."""
        u = (t / self.duration - 0.2) / 0.6
        x0 = -self.w + u * (self.fw + self.w)
        return (x0, self.cy - self.h / 2, x0 + self.w, self.cy + self.h / 2)

    def covers(self, box, t, exposure):
        """Whether the block touches `box` (truth box dict) at any time of the exposure."""
        a = self.rect(t - exposure / 2)
        b = self.rect(t + exposure / 2)
        x0, y0, x1, y1 = min(a[0], b[0]), a[1], max(a[2], b[2]), a[3]
        return box["x"] < x1 and x0 < box["x"] + box["width"] and box["y"] < y1 and y0 < box["y"] + box["height"]

    def draw(self, frame, t, exposure):
        """The frame with the block drawn, smeared over the exposure like the rest of the scene."""
        n = 6
        acc = np.zeros((self.fh, self.fw, 3), dtype=np.float32)
        base = np.asarray(frame, dtype=np.float32)
        for k in range(n):
            layer = frame.copy()
            r = self.rect(t - exposure / 2 + exposure * (k + 0.5) / n)
            ImageDraw.Draw(layer).rounded_rectangle(r, radius=int(self.w * 0.3), fill=self.colour)
            acc += np.asarray(layer, dtype=np.float32)
        if not (acc / n != base).any():
            return frame
        return Image.fromarray(np.clip(acc / n + 0.5, 0, 255).astype(np.uint8), "RGB")


def parse_scenarios(lst):
    out = []
    for item in lst or []:
        for c in item.split(","):
            c = c.strip()
            if c and c not in SCENARIOS:
                die("unknown --scenario %r (known: %s)" % (c, ", ".join(sorted(SCENARIOS))))
            if c and c not in out:
                out.append(c)
    return out


def run_sequence(args, conditions):
    fw, fh = parse_size(args.size)
    rng = np.random.default_rng([args.seed, 1])
    unit = fh / 480.0
    scale = 0.78 if "small-text" not in conditions else 0.5
    scale *= 1.0  # frame px per canvas px; text sizes below are in canvas px
    # canvas px font sizes so that price ink height in frame is ~24-56 px at 640x480
    price_range = (44 * unit, 72 * unit)
    vw, vh = fw / scale, fh / scale
    bw = int(vw * (3.2 if args.motion in ("slow-pan", "fast-pan", "out-and-back") else 2.0))
    if args.motion == "handheld":
        bw += int(HANDHELD_WALK / scale * args.frames / args.fps)
    bh = int(vh * 2.1)
    board = render_board(rng, bw, bh, unit, price_range, conditions)
    cam = Camera(rng, args.motion, fw, fh, bw, bh, scale, args.frames / args.fps, conditions)
    params = {
        "vignette": float(rng.uniform(0.25, 0.4)),
        "gradient": float(rng.uniform(0.08, 0.18)),
        "grad_angle": float(rng.uniform(0, 6.283)),
        "exposure": float(rng.uniform(0.95, 1.05)),
        "noise": {"static": 3.0, "slow-pan": 3.5, "fast-pan": 4.0, "handheld": 4.0, "out-and-back": 3.5}[args.motion],
    }
    if "noisy" in conditions:
        params["noise"] *= 3
    if "lowlight" in conditions:
        params["noise"] *= 1.8
    glare = [(float(rng.uniform(0.2, 0.8)), float(rng.uniform(0.2, 0.8)), float(rng.uniform(0.08, 0.18)),
              float(rng.uniform(140, 220)), float(rng.uniform(-0.05, 0.05)), float(rng.uniform(-0.03, 0.03)))
             for _ in range(int(rng.integers(1, 3)))]
    scenarios = args.scenarios
    if "twins" in scenarios:
        add_twins(board, np.random.default_rng([args.seed, 6]), cam, args.frames / args.fps / 2, unit, price_range)
    hand = Occluder(np.random.default_rng([args.seed, 7]), board, cam, fw, fh, args.frames / args.fps) \
        if "occluder" in scenarios else None
    exposure = args.exposure / args.fps  # seconds the shutter is open
    quality = args.quality
    name = args.name
    if args.format == "y4m":
        os.makedirs(args.out, exist_ok=True)
        y4m_path = os.path.join(args.out, name + ".y4m")
        truth_path = os.path.join(args.out, name + ".truth.json")
        y4m = open(y4m_path, "wb")
        y4m.write(("YUV4MPEG2 W%d H%d F%d:1 Ip A1:1 C420jpeg XCOLORRANGE=FULL\n" % (fw, fh, args.fps)).encode())
    else:
        seq_dir = os.path.join(args.out, name)
        os.makedirs(seq_dir, exist_ok=True)
        truth_path = os.path.join(seq_dir, "truth.json")
    frames = []
    blur_px = []
    corners = [(0, 0), (fw, 0), (fw, fh), (0, fh)]
    for i in range(args.frames):
        t = i / args.fps
        frng = np.random.default_rng([args.seed, 2, i])
        H = cam.forward(cam.pose(t))
        # motion blur: average poses across the exposure window
        Ha = cam.forward(cam.pose(t - exposure / 2))
        Hb = cam.forward(cam.pose(t + exposure / 2))
        ca = apply_h(np.linalg.inv(Ha), corners)
        cb = apply_h(np.linalg.inv(Hb), corners)
        # displacement (frame px) of the image content over the exposure
        disp = float(np.max(np.hypot(*(apply_h(H, ca) - apply_h(H, cb)).T)))
        blur_px.append(disp)
        n = int(min(24, max(1, math.ceil(disp / 0.75))))
        if args.motion == "static" or n == 1:
            acc = np.asarray(warp(board.img, H, fw, fh), dtype=np.float32)
        else:
            acc = np.zeros((fh, fw, 3), dtype=np.float32)
            for k in range(n):
                tk = t - exposure / 2 + exposure * (k + 0.5) / n
                acc += np.asarray(warp(board.img, cam.forward(cam.pose(tk)), fw, fh), dtype=np.float32)
            acc /= n
        frame = Image.fromarray(np.clip(acc + 0.5, 0, 255).astype(np.uint8), "RGB")
        if "blur" in conditions:
            frame = frame.filter(ImageFilter.GaussianBlur(1.8 * unit))
        prices = price_entries(board, H, fw, fh)
        if hand is not None:
            frame = hand.draw(frame, t, exposure)
            prices = [p for p in prices if not hand.covers(p["box"], t, exposure)]
        frame = degrade(frng, frame, t, fw, fh, params, conditions, glare)
        entry = {"index": i, "file": None, "prices": prices, "cut": price_entries(board, H, fw, fh, cut=True)}
        if args.format == "jpeg-dir":
            fn = "frame-%04d.jpg" % i
            _, data = jpeg_roundtrip(frame, quality)
            with open(os.path.join(seq_dir, fn), "wb") as f:
                f.write(data)
            entry["file"] = fn
        elif args.format == "png-dir":
            fn = "frame-%04d.png" % i
            frame, _ = jpeg_roundtrip(frame, quality)  # camera MJPEG artefacts
            frame.save(os.path.join(seq_dir, fn), "PNG", optimize=False, compress_level=9)
            entry["file"] = fn
        else:
            frame, _ = jpeg_roundtrip(frame, quality)
            y, u, v = rgb_to_yuv420(frame)
            y4m.write(b"FRAME\n" + y + u + v)
        frames.append(entry)
    if args.format == "y4m":
        y4m.close()
    write_json(truth_path, {"name": name, "width": fw, "height": fh, "fps": args.fps, "frames": frames})
    n_prices = sum(len(f["prices"]) for f in frames)
    bl = sorted(blur_px)
    sys.stderr.write("%s: %d frames, %d price boxes, %d tags on board, motion blur px median %.1f max %.1f -> %s\n"
                     % (name, len(frames), n_prices, len(board.prices), bl[len(bl) // 2], bl[-1], truth_path))


STILL_PLAN = [
    # (size, theme conditions, rotation deg, text scale)
    ((640, 480), [], 0.0, 1.0),
    ((800, 600), [], 1.5, 1.0),
    ((1024, 768), ["inverted"], 0.0, 1.0),
    ((1280, 720), [], -2.0, 1.25),
    ((1280, 960), ["receipt"], 0.8, 1.2),
    ((960, 720), ["small-text"], 0.0, 1.0),
    ((640, 480), ["glare"], -1.0, 1.0),
    ((1024, 768), ["lowlight"], 1.0, 1.0),
    ((800, 600), ["tilt"], 0.0, 1.0),
    ((800, 600), ["blur", "noisy"], 0.5, 1.0),
]


def run_stills(args, conditions):
    out_dir = os.path.join(args.out, args.name)
    os.makedirs(out_dir, exist_ok=True)
    images = []
    count = args.count
    for k in range(count):
        size, theme, rot_deg, text_scale = STILL_PLAN[k % len(STILL_PLAN)]
        if args.size_given:
            size = parse_size(args.size)
        conds = list(dict.fromkeys(theme + conditions))
        fw, fh = size
        rng = np.random.default_rng([args.seed, 3, k])
        unit = text_scale  # stills: same physical text size whatever the image size
        small = "small-text" in conds
        price_range = (20 * unit, 30 * unit) if small else (32 * unit, 58 * unit)
        # board a bit larger than the image so rotation leaves no empty corners
        bw, bh = int(fw * 1.08), int(fh * 1.08)
        board = render_board(rng, bw, bh, unit, price_range, conds)
        pose = (bw / 2, bh / 2, 1.0, math.radians(rot_deg), 0.0, 0.0)
        cam = Camera(rng, "static", fw, fh, bw, bh, 1.0, 0, conds)
        if "tilt" in conds:
            pose = cam.pose(0.0)
            pose = (bw / 2, bh / 2, 1.0, math.radians(rot_deg), pose[4], pose[5])
        H = cam.forward(pose)
        img = warp(board.img, H, fw, fh)
        if "blur" in conds:
            img = img.filter(ImageFilter.GaussianBlur(1.8 * unit))
        params = {"vignette": 0.15, "gradient": 0.08, "grad_angle": float(rng.uniform(0, 6.283)),
                  "exposure": 1.0, "noise": 2.0 * (3 if "noisy" in conds else 1) * (1.8 if "lowlight" in conds else 1)}
        glare = [(float(rng.uniform(0.25, 0.75)), float(rng.uniform(0.25, 0.75)), 0.14, 200.0, 0.0, 0.0)]
        img = degrade(np.random.default_rng([args.seed, 4, k]), img, 0.0, fw, fh, params, conds, glare)
        if fw * fh <= 800 * 600:
            fn = "tags-%02d.png" % (k + 1)
            img.save(os.path.join(out_dir, fn), "PNG", optimize=False, compress_level=9)
        else:  # keep the committed samples small: big stills as high-quality JPEG
            fn = "tags-%02d.jpg" % (k + 1)
            img.save(os.path.join(out_dir, fn), "JPEG", quality=90, subsampling=0, optimize=False, progressive=False)
        images.append({"file": fn, "width": fw, "height": fh, "prices": price_entries(board, H, fw, fh),
                       "cut": price_entries(board, H, fw, fh, cut=True)})
        sys.stderr.write("%s: %dx%d %s %d prices\n" % (fn, fw, fh, ",".join(conds) or "-", len(images[-1]["prices"])))
    write_json(os.path.join(out_dir, "truth.json"), {"images": images})


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="generate.py",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__.split("\n\n")[0] + "\n\n" + __doc__.split("\n\n", 1)[1],
        epilog="conditions:\n" + "\n".join("  %-11s %s" % kv for kv in CONDITIONS.items()) +
               "\n\nscenarios:\n" + "\n".join("  %-11s %s" % kv for kv in SCENARIOS.items()) +
               "\n\nOutput layout:\n"
               "  jpeg-dir/png-dir: OUT/NAME/frame-0000.jpg|png ... + OUT/NAME/truth.json\n"
               "  y4m:              OUT/NAME.y4m (C420jpeg, full range) + OUT/NAME.truth.json\n"
               "  --stills:         OUT/NAME/tags-01.png ... + OUT/NAME/truth.json")
    ap.add_argument("--name", default=None, help="sequence name (default: shelf-MOTION, or 'stills')")
    ap.add_argument("--size", default="640x480", help="frame size WxH (default 640x480; stills: per-image plan)")
    ap.add_argument("--frames", type=int, default=60, help="number of frames (default 60)")
    ap.add_argument("--fps", type=int, default=30, help="frame rate, integer (default 30)")
    ap.add_argument("--motion", choices=MOTIONS, default="handheld", help="camera motion (default handheld)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--format", choices=FORMATS, default="jpeg-dir", help="output format (default jpeg-dir)")
    ap.add_argument("--out", default=".", help="output directory (default .)")
    ap.add_argument("--quality", type=int, default=80, help="JPEG quality of the camera stream (default 80)")
    ap.add_argument("--exposure", type=float, default=0.5,
                    help="shutter open fraction of the frame interval; drives motion blur (default 0.5)")
    ap.add_argument("--condition", action="append", metavar="LIST",
                    help="comma-separated extra conditions (repeatable): " + ", ".join(CONDITIONS))
    ap.add_argument("--scenario", action="append", metavar="LIST",
                    help="comma-separated tracking scenarios (repeatable): " + ", ".join(SCENARIOS))
    ap.add_argument("--stills", action="store_true", help="write still images (one board each, no motion)")
    ap.add_argument("--count", type=int, default=8, help="number of stills (default 8; the plan cycles after 10)")
    args = ap.parse_args(argv)
    args.size_given = any(a == "--size" or a.startswith("--size=") for a in (argv if argv is not None else sys.argv[1:]))
    check_fonts()
    conditions = parse_conditions(args.condition)
    args.scenarios = parse_scenarios(args.scenario)
    if args.frames < 1 or args.fps < 1:
        die("--frames and --fps must be >= 1")
    if not 1 <= args.quality <= 100:
        die("--quality must be 1..100")
    if args.stills and args.scenarios:
        die("--scenario applies to sequences, not --stills")
    if args.stills:
        if args.name is None:
            args.name = "stills"
        run_stills(args, conditions)
    else:
        if args.name is None:
            args.name = "shelf-" + args.motion
        run_sequence(args, conditions)


if __name__ == "__main__":
    main()
