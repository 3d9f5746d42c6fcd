public import Essentials

/// A day on the Gregorian calendar, without a time or a time zone: what an invoice's issue and due dates and an
/// expense's date mean. It is the shared kernel's `CalendarDay` (in `Essentials`), named here so code that speaks
/// of invoices finds it where it always did.
public typealias CalendarDay = Essentials.CalendarDay
