import Validation

/// The first day of the week as people type it: the Validation package's `Weekday` reads `1`...`7` and the full
/// English names; people also type the three-letter abbreviations (`Mon`), so the settings accept those too and
/// keep the full name, which every reader of the settings understands.
enum WeekdayText {
    /// What the setting accepts, for help and for a refusal.
    static let accepted = "monday to sunday or mon to sun, in any case, or 1 to 7 (ISO 8601: 1 is Monday, 7 is Sunday)"

    /// The day `text` names, or nil.
    static func weekday(_ text: String) -> Weekday? {
        if let day = Weekday(parsing: text) { return day }
        guard text.utf8.count == 3 else { return nil }
        let abbreviation = text.lowercased()
        return Weekday.allCases.first { "\($0)".prefix(3) == abbreviation }
    }

    /// The refusal of a text that names no day: what is accepted, under the Validation package's code.
    static let problem = ValidationProblem(
        code: .weekdayInvalid, message: "The first day of the week is \(accepted).")
}
