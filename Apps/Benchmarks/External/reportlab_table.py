#!/usr/bin/env python3
"""Draws the same N-line invoice table as the Rendering benchmark with reportlab and prints the render time.

Usage: python3 reportlab_table.py [LINES]    (default 1000)

The table has the Rendering package's columns (description, quantity, unit price, tax, amount) with the
header repeated on every page, a "Page i" footer and a totals block at the end, laid out by reportlab's
platypus (the counterpart of Rendering's flow layout) into an in-memory PDF. Only the layout and PDF
writing are timed, not Python's start-up or the import. The last line of standard output is the time in
seconds. Exit status 2 when reportlab is not installed.
"""
import io
import sys
import time
from decimal import ROUND_HALF_UP, Decimal

try:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import LongTable, SimpleDocTemplate, TableStyle
except ImportError:
    print("reportlab is not installed (pip install reportlab)", file=sys.stderr)
    sys.exit(2)


def rows(count):
    rates = [Decimal(0), Decimal(7), Decimal(19)]
    data = [["Description", "Qty", "Unit price", "Tax", "Amount"]]
    subtotal = Decimal(0)
    for index in range(count):
        quantity = Decimal(index % 5 + 1)
        price = Decimal(1000 + 50 * (index % 20)) / 100
        amount = (quantity * price).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        subtotal += amount
        rate = rates[index % 3]
        data.append([f"Item {index + 1}", f"{quantity}", f"${price:,.2f}", f"{rate}%", f"${amount:,.2f}"])
    data.append(["", "", "", "Subtotal", f"${subtotal:,.2f}"])
    return data


def footer(canvas, document):
    canvas.saveState()
    canvas.setFont("Helvetica", 7.65)
    canvas.drawRightString(A4[0] - 48, 48, f"Page {document.page}")
    canvas.restoreState()


def render(count):
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=48, rightMargin=48, topMargin=48,
                                 bottomMargin=72, title="Invoice BENCH-1", invariant=1)
    table = LongTable(rows(count), repeatRows=1, colWidths=[260, 40, 70, 45, 68])
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9),
        ("FONT", (0, 1), (-1, -1), "Helvetica", 9),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.92, 0.92, 0.92)),
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 1), (-1, -2), 0.5, colors.Color(0.8, 0.8, 0.8)),
    ]))
    document.build([table], onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    if count < 0:
        print("LINES must be zero or more", file=sys.stderr)
        sys.exit(64)
    render(min(count, 10))  # warm-up: first-use caches (fonts, encodings) are not part of the measurement
    start = time.perf_counter()
    pdf = render(count)
    elapsed = time.perf_counter() - start
    print(f"bytes {len(pdf)}")
    print(f"{elapsed:.6f}")


if __name__ == "__main__":
    main()
