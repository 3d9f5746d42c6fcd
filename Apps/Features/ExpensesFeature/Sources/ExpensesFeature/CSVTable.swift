/// A CSV text read into rows (RFC 4180: commas, double-quoted fields with `""` escapes, CRLF or LF line ends),
/// each with the line it starts on, so errors can name lines.
struct CSVTable {
    struct Row {
        let line: Int
        let fields: [String]
    }

    enum ReadError: Error, Equatable {
        /// A quoted field is never closed; `line` is where it opened.
        case unterminatedQuote(line: Int)
    }

    let rows: [Row]

    init(parsing text: String) throws(ReadError) {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var rowLine = 1
        var quoted = false
        var quoteLine = 1
        var fieldStarted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()

        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
            field = ""
            fieldStarted = false
        }

        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where !fieldStarted:
                quoted = true
                quoteLine = line
                fieldStarted = true
            case ",":
                fields.append(field)
                field = ""
                fieldStarted = false
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRow()
                line += 1
                rowLine = line
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if quoted { throw .unterminatedQuote(line: quoteLine) }
        if fieldStarted || !fields.isEmpty { endRow() }
        self.rows = rows
    }
}
