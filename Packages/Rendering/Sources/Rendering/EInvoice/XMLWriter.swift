/// A small writer of indented XML: elements open and close on a stack, text and attribute values are escaped,
/// and a character XML 1.0 cannot carry is refused with the field it came from, so no caller can produce a
/// document a parser rejects.
///
/// Output is deterministic: attributes in the order given, two spaces per level, `\n` line ends.
struct XMLWriter {
    /// The document so far, in UTF-8, starting with the XML declaration. Bytes are appended in place: a
    /// 1,000-line invoice is a megabyte of XML, and building it from concatenated strings cost most of its time.
    private(set) var bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    /// The names of the open elements, innermost last.
    private var open: [String] = []

    /// Opens `name` with `attributes` (values are escaped, names are the writer's own constants).
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        startTag(name, attributes)
        bytes += [UInt8(ascii: ">"), UInt8(ascii: "\n")]
        open.append(name)
    }

    /// Closes the innermost open element.
    mutating func close() {
        guard let name = open.popLast() else { return }
        indent()
        bytes += [UInt8(ascii: "<"), UInt8(ascii: "/")]
        bytes += name.utf8
        bytes += [UInt8(ascii: ">"), UInt8(ascii: "\n")]
    }

    /// Writes `<name attributes>value</name>` on one line, checking `value` for characters XML cannot carry.
    mutating func element(
        _ name: String, _ value: String, _ attributes: KeyValuePairs<String, String> = [:],
        field: EInvoiceField
    ) throws(EInvoiceError) {
        element(name, formatted: try Self.escaped(value, field: field, inAttribute: false), attributes)
    }

    /// Writes an element whose value the writer made itself (a number, a date, a code from a fixed list), so
    /// there is nothing to check.
    mutating func element(_ name: String, formatted value: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        startTag(name, attributes)
        bytes.append(UInt8(ascii: ">"))
        bytes += value.utf8
        bytes += [UInt8(ascii: "<"), UInt8(ascii: "/")]
        bytes += name.utf8
        bytes += [UInt8(ascii: ">"), UInt8(ascii: "\n")]
    }

    /// The indentation, `<name` and the attributes (values from the writer or from checked codes: escaped, never
    /// checked again).
    private mutating func startTag(_ name: String, _ attributes: KeyValuePairs<String, String>) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        bytes += name.utf8
        for (key, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            bytes += key.utf8
            bytes += [UInt8(ascii: "="), UInt8(ascii: "\"")]
            bytes += Self.escapedAttribute(value).utf8
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * open.count))
    }

    /// `value` with `& < > " '` written as entities, and in an attribute tab, line feed and carriage return as
    /// character references (a parser would otherwise turn them into spaces). A carriage return in text is a
    /// reference too, since parsers turn a bare one into a line feed. Throws ``EInvoiceError/invalidCharacter(_:field:)``
    /// for a control character other than tab, line feed and carriage return (C0, DEL and C1) and U+FFFE, U+FFFF.
    static func escaped(_ value: String, field: EInvoiceField, inAttribute: Bool) throws(EInvoiceError) -> String {
        try check(value, field: field)
        return escape(value, inAttribute: inAttribute)
    }

    /// Throws ``EInvoiceError/invalidCharacter(_:field:)`` for the first character of `value` that is not allowed.
    static func check(_ value: String, field: EInvoiceField) throws(EInvoiceError) {
        if let bad = value.unicodeScalars.first(where: { !isAllowed($0) }) {
            throw .invalidCharacter(bad, field: field)
        }
    }

    /// An attribute value the caller checked with ``check(_:field:)`` (or wrote itself), escaped; characters that
    /// are not allowed are dropped, so even an unchecked value cannot break the document.
    static func escapedAttribute(_ value: String) -> String {
        var allowed = ""
        allowed.unicodeScalars.append(contentsOf: value.unicodeScalars.filter(isAllowed))
        return escape(allowed, inAttribute: true)
    }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        guard value.utf8.contains(where: { $0 < 0x20 || [0x22, 0x26, 0x27, 0x3C, 0x3E].contains($0) }) else {
            return value
        }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            case "\t" where inAttribute: result += "&#9;"
            case "\n" where inAttribute: result += "&#10;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether XML 1.0 carries `scalar` and it is not a control character: tab, line feed and carriage return are
    /// the only controls allowed; DEL and the C1 controls are legal XML but never meaningful in an invoice (XML 1.0
    /// discourages them), so they are refused as well.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
