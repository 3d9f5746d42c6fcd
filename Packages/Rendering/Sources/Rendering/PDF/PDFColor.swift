/// An RGB colour for fills, rules and text, each component between 0 and 1.
public struct PDFColor: Hashable, Sendable {
    /// The red component, 0...1.
    public let red: Double
    /// The green component, 0...1.
    public let green: Double
    /// The blue component, 0...1.
    public let blue: Double

    /// Creates a colour; components outside 0...1 are clamped and NaN becomes 0, so any input yields a colour a
    /// PDF reader accepts.
    public init(red: Double, green: Double, blue: Double) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
    }

    /// Parses `#RRGGBB` or `RRGGBB` (hex digits of either case); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255,
            green: Double((value >> 8) & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255
        )
    }

    /// Black.
    public static let black = PDFColor(red: 0, green: 0, blue: 0)
    /// White.
    public static let white = PDFColor(red: 1, green: 1, blue: 1)
    /// The default accent of the templates: a deep blue that prints well in greyscale.
    public static let ink = PDFColor(red: 0.12, green: 0.29, blue: 0.53)

    /// This colour mixed with white; `amount` 0 is the colour, 1 is white.
    func lightened(by amount: Double) -> PDFColor {
        let keep = 1 - Self.clamp(amount)
        return PDFColor(red: 1 - (1 - red) * keep, green: 1 - (1 - green) * keep, blue: 1 - (1 - blue) * keep)
    }

    private static func clamp(_ value: Double) -> Double {
        guard value.isFinite else { return value == .infinity ? 1 : 0 }
        return min(max(value, 0), 1)
    }
}
