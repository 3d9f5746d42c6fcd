import Foundation

/// Where the app keeps its data when `--data-dir` is not given: the platform's application-data folder.
enum DataDirectory {
    /// `$XDG_DATA_HOME/ledger`, else `~/.local/share/ledger` on Linux; `~/Library/Application Support/ledger` on
    /// Apple platforms.
    static var `default`: URL {
        #if canImport(Darwin)
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Application Support")
        #else
        let base: URL
        if let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        }
        #endif
        return base.appendingPathComponent("ledger", isDirectory: true)
    }

    static var defaultPath: String {
        #if canImport(Darwin)
        "~/Library/Application Support/ledger"
        #else
        "$XDG_DATA_HOME/ledger or ~/.local/share/ledger"
        #endif
    }

    /// The reference API server's default address (`Scripts/dev-server` without `--port`).
    static let defaultAPIURL = URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/")
}
