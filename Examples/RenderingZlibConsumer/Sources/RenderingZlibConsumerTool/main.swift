import Foundation
import Rendering
import RenderingZlib

// A command-line tool as an app team ships one: `RenderingZlibConsumerTool OUTPUT.pdf` renders a one-line invoice
// with the fonts Rendering finds and writes it to OUTPUT.pdf. It says which fonts it found, so its tests can run a
// copy of the binary with and without the package's resource folder beside it.

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: RenderingZlibConsumerTool OUTPUT.pdf\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: CommandLine.arguments[1])

do {
    _ = try InvoiceFonts.dejaVuSans()
    print("DejaVu Sans: found")
} catch {
    print("DejaVu Sans: \(error)")
}
print("default fonts embed a font: \(InvoiceFonts.default.embedsFonts ? "yes" : "no")")

guard let issued = CalendarDay(year: 2025, month: 3, day: 14) else { exit(70) }
let invoice = InvoiceDocument(
    number: "INV-1", issueDate: issued, seller: InvoiceParty(name: "Seller"), client: InvoiceParty(name: "Client"),
    currency: .eur, lineItems: [InvoiceLineItem(description: "Consulting", quantity: 2, unitPrice: 650)])
do {
    let pdf = try InvoicePDFRenderer(compressor: ZlibFlateCompressor()).render(invoice)
    try pdf.write(to: output)
    print("wrote \(output.lastPathComponent)")
} catch {
    print("not rendered: \(error)")
    exit(65)
}
