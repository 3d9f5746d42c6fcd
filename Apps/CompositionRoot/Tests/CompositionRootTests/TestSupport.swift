import CompositionRoot
import Essentials
import Foundation

/// A temporary data folder, removed when the test ends.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "composition-root-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// 2026-03-18 12:00 UTC, a Wednesday.
let fixedNow = Date(timeIntervalSince1970: 1_773_835_200)

var utcCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    calendar.firstWeekday = 2
    return calendar
}

/// A factory on `folder` with a fixed clock, UTC and US English, talking to `api` (a closed port by default).
func makeFactory(folder: TemporaryFolder, api: URL = closedPort, now: Date = fixedNow) -> LedgerFactory {
    LedgerFactory(
        environment: .init(
            dataDirectory: folder.url, apiBaseURL: api, now: { now }, calendar: utcCalendar,
            locale: Locale(identifier: "en_US")))
}

/// A loopback address nothing listens on: connections are refused at once.
let closedPort = URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/")

func day(_ text: String) -> Date {
    DayFormat(calendar: utcCalendar).date(from: text) ?? .distantPast
}
