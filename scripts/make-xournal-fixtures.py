#!/usr/bin/env python3
"""Writes the Xournal++ and Xournal notebooks the tests open (Tests/Fixtures/xournal), and,
when Xournal++ is installed, its own pictures of every page beside them (expected/), which
the tests compare our pages with. Run it again after changing a notebook here:
    python3 scripts/make-xournal-fixtures.py
- papers.xopp: one page per paper style Xournal++ has (plain, lined, ruled, graph, graph with a
  rounded margin, dotted, staves, isodotted, isograph) and lined paper on a dark page;
- ink.xopp: pens in Xournal's named colours and #rrggbbaa, a pen with pressure, highlighters
  over ink and over each other, a filled pen and a filled highlighter, the dash styles,
  an eraser stroke, a dot, texts (one line, two lines, bold italic),
  an image stretched to its box and LaTeX pictures (PNG and PDF);
- lecture.xopp: two pages over slides.pdf (named relative to the notebook);
- attached.xopp: a PDF page attached as attached.xopp.bg.pdf, and an image background
  attached as attached.xopp.bg_1.png;
- journal.xoj: a Xournal 0.4.8 notebook (named colours, no file version);
- settings.xopp: papers with the settings Xournal++ 1.2 and later write (a lined page's margin
  on the right, as its page for right-to-left writing has it, and moved in; ruled lines 30
  points apart; a graph with a negative margin and with bold lines every fifth). Xournal++
  1.1.3 ignores most of them, so no picture of its is kept for this one.
"""
import base64, gzip, os, shutil, struct, subprocess, sys, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fixture_png import png  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "xournal")


def pdf(pages):
    """A PDF of vector pages: each (width, height, content stream) in points."""
    objects = []
    kids = []
    for i, (w, h, content) in enumerate(pages):
        stream = content.encode()
        objects.append(None)  # page, filled below
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    # 1: catalog, 2: pages, then page/content pairs from 3
    body = []
    n = len(pages)
    page_ids = [3 + 2 * i for i in range(n)]
    body.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    body.append(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % p for p in page_ids) + b"] /Count %d >>" % n)
    for i, (w, h, content) in enumerate(pages):
        body.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Contents %d 0 R >>" % (w, h, page_ids[i] + 1))
        stream = content.encode()
        body.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = b"%PDF-1.4\n"
    offsets = []
    for i, obj in enumerate(body):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(body) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(body) + 1, xref)
    return out


def slide(n, w, h):
    # A blue band across the top, a green box and a red diagonal: vectors only (no fonts).
    return (w, h, f"0.2 0.3 0.8 rg 0 {h - 60} {w} 60 re f 0.1 0.6 0.2 rg 60 {h - 250 - 40 * n} 180 120 re f "
                  f"1 0 0 RG 4 w 40 40 m {w - 40} {h - 100} l S")


def notebook(pages, root='<xournal creator="Xournal++ 1.1.3" fileversion="4">'):
    xml = '<?xml version="1.0" standalone="no"?>\n' + root + "\n<title>Xournal++ document</title>\n" + "".join(pages) + "</xournal>\n"
    return xml


def page(w, h, background, layers):
    return f'<page width="{w}" height="{h}">\n{background}\n' + "".join(f"<layer>\n{l}</layer>\n" for l in layers) + "</page>\n"


def solid(style, color="#ffffffff", config=None):
    extra = f' config="{config}"' if config else ""
    return f'<background type="solid" color="{color}" style="{style}"{extra}/>'


def write(name, xml, compress=True):
    data = xml.encode()
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(gzip.compress(data, mtime=0) if compress else data)


def main():
    os.makedirs(HERE, exist_ok=True)
    W, H = 400, 500
    papers = [
        page(W, H, solid("plain", "pink"), [""]),
        page(W, H, solid("lined"), [""]),
        page(W, H, solid("ruled", "#ffff80ff"), [""]),
        page(W, H, solid("graph"), [""]),
        page(W, H, solid("graph", config="m1=40,rm=1"), [""]),
        page(W, H, solid("dotted", "#a0e8ffff"), [""]),
        page(W, H, solid("staves"), [""]),
        page(W, H, solid("isodotted"), [""]),
        page(W, H, solid("isograph"), [""]),
        page(W, H, solid("lined", "#202020ff"), [""]),
    ]
    write("papers.xopp", notebook(papers))

    checker = png(100, 50, lambda x, y: (255, 0, 0, 255) if (x // 10 + y // 10) % 2 else (0, 0, 255, 255) if x < 50 else (255, 255, 0, 255))
    tex_png = png(20, 10, lambda x, y: (0, 0, 0, 255) if 3 <= y <= 6 and x % 5 != 0 else (0, 0, 0, 0))
    tex_pdf = pdf([(60, 20, "0 0 0 rg 5 5 50 4 re f 0 0 0 RG 1 w 5 15 m 55 15 l S")])
    b64 = lambda data: base64.b64encode(data).decode()
    ink_strokes = "\n".join([
        '<stroke tool="pen" color="blue" width="1.41">20 30 80 60 140 35 200 70</stroke>',
        '<stroke tool="pen" color="#008000ff" width="2.26">20 80 200 90</stroke>',
        '<stroke tool="pen" color="#000000ff" width="1.41 0.5 1 2 3 4 5">20 120 50 125 80 135 110 150 140 160 170 165 200 160</stroke>',
        '<stroke tool="highlighter" color="#ffff007f" width="12">10 60 210 60</stroke>',
        '<stroke tool="highlighter" color="#ff00ff7f" width="12">100 40 110 100</stroke>',
        '<stroke tool="pen" color="#ff0000ff" width="1.41" fill="128">230 30 330 30 280 110 230 30</stroke>',
        '<stroke tool="highlighter" color="#00c0ff7f" width="4" fill="100">240 130 330 130 330 190 240 190 240 130</stroke>',
        '<stroke tool="pen" color="#000000ff" width="1.41" style="dash">20 200 200 200</stroke>',
        '<stroke tool="pen" color="#000000ff" width="1.41" style="dashdot">20 215 200 215</stroke>',
        '<stroke tool="pen" color="#000000ff" width="2.26" style="dot">20 230 200 230</stroke>',
        '<stroke tool="pen" color="#3333ccff" width="1.41" style="cust: 8.00 2.00 1.00 2.00">20 245 200 245</stroke>',
        '<stroke tool="pen" color="#ff8000ff" width="6">230 260 330 280</stroke>',
        '<stroke tool="eraser" color="#ffffffff" width="5">270 250 290 290</stroke>',
        '<stroke tool="pen" color="#000000ff" width="5">350 40 350 40</stroke>',
    ])
    ink_elements = "\n".join([
        '<text font="Sans" size="12" x="20" y="270" color="#000000ff">Lecture 4: integrals</text>',
        '<text font="Serif Bold Italic" size="16" x="20.3" y="300.7" color="#d01010ff">Two lines\nof text</text>',
        f'<image left="240" top="320" right="340" bottom="360">{b64(checker)}</image>',
        f'<teximage text="x^2" left="30" top="360" right="90" bottom="380">{b64(tex_png)}</teximage>',
        f'<teximage text="\\int f" texlength="6" left="100" top="360" right="190" bottom="390">{b64(tex_pdf)}</teximage>',
    ])
    write("ink.xopp", notebook([page(W, H, solid("plain"), [ink_strokes, ink_elements + "\n"])]))

    with open(os.path.join(HERE, "slides.pdf"), "wb") as f:
        f.write(pdf([slide(1, 400, 300), slide(2, 400, 300)]))
    lecture = [
        page(400, 300, '<background type="pdf" domain="absolute" filename="slides.pdf" pageno="1"/>',
             ['<stroke tool="pen" color="#ff0000ff" width="2">50 150 300 200</stroke>\n']),
        page(400, 300, '<background type="pdf" pageno="2"/>',
             ['<stroke tool="highlighter" color="#ffff007f" width="14">40 50 360 50</stroke>\n']),
    ]
    write("lecture.xopp", notebook(lecture))

    shutil.copyfile(os.path.join(HERE, "slides.pdf"), os.path.join(HERE, "attached.xopp.bg.pdf"))
    with open(os.path.join(HERE, "attached.xopp.bg_1.png"), "wb") as f:
        f.write(png(40, 30, lambda x, y: (200, 230 - 4 * y, 120 + 3 * x, 255)))
    attached = [
        page(400, 300, '<background type="pdf" domain="attach" filename="bg.pdf" pageno="2"/>',
             ['<stroke tool="pen" color="#000000ff" width="2">50 250 300 250</stroke>\n']),
        page(300, 200, '<background type="pixmap" domain="attach" filename="bg_1.png"/>',
             ['<stroke tool="pen" color="#0000ffff" width="3">30 30 270 170</stroke>\n']),
        page(300, 200, '<background type="pixmap" domain="clone" filename="1"/>', [""]),
    ]
    write("attached.xopp", notebook(attached))

    journal = [page(400, 300, '<background type="solid" color="pink" style="ruled"/>',
                    ['<stroke tool="pen" color="red" width="1.41">20 20 200 120</stroke>\n'
                     '<stroke tool="highlighter" color="#ffff0080" width="8.5">20 150 300 150</stroke>\n'
                     '<text font="Sans" size="12" x="40" y="200" color="blue">Xournal</text>\n'])]
    write("journal.xoj", notebook(journal, root='<xournal version="0.4.8">'))

    settings = [
        page(W, H, solid("lined", config="m1=-72"), [""]),
        page(W, H, solid("lined", config="m1=100"), [""]),
        page(W, H, solid("ruled", config="r1=30"), [""]),
        page(W, H, solid("graph", config="m1=-20,rm=1"), [""]),
        page(W, H, solid("graph", config="bli=5,blw=2"), [""]),
    ]
    write("settings.xopp", notebook(settings, root='<xournal creator="xournalpp 1.2.8" fileversion="4">'))

    xournalpp = shutil.which("xournalpp")
    if not xournalpp:
        print("xournalpp is not installed: the notebooks are written, the expected pictures are not")
        return
    # At 96 dpi (our pages at 100%), and at 192 dpi for our pages drawn at scale 2.
    for folder, dpi, names in [("expected", 96, ["papers.xopp", "ink.xopp", "lecture.xopp", "attached.xopp", "journal.xoj"]),
                               ("expected/2x", 192, ["papers.xopp", "ink.xopp", "lecture.xopp", "journal.xoj"])]:
        expected = os.path.join(HERE, folder)
        os.makedirs(expected, exist_ok=True)
        for name in names:
            stem = name.split(".")[0]
            out = os.path.join(expected, stem + ".png")
            subprocess.run([xournalpp, os.path.join(HERE, name), "-i", out, f"--export-png-dpi={dpi}"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if os.path.exists(out):  # a one-page notebook is written under the name itself
                os.replace(out, os.path.join(expected, stem + "-1.png"))
        print("wrote", sorted(os.listdir(expected)))


main()
