/// What a feature implements to put its commands into `ledger`: its commands, the screens its links open, and its
/// part of the demo. The app lists each feature's group in one line and reads everything else from here, so a new
/// command, link or demo step is the feature's change alone.
public protocol CommandGroup: Sendable {
    /// The commands, in the order help lists them.
    var commands: [CommandSpec] { get }
    /// The screens of this feature that a link can open (`ledger://invoices/INV-0001`).
    var screens: [LinkScreen] { get }
    /// This feature's part of `ledger demo`; nil when it shows nothing there.
    var demo: DemoSection? { get }
}

extension CommandGroup {
    /// No screens.
    public var screens: [LinkScreen] { [] }
    /// No part in the demo.
    public var demo: DemoSection? { nil }
}

/// A screen a link can open: `ledger://<path>` or `ledger://<path>/<value>` (and the same path on the app's web
/// host), its name for `ledger link`, and what showing it runs.
public struct LinkScreen: Sendable {
    /// What `ledger link NAME` calls it: `invoice`, `new-expense`.
    public let name: String
    /// The path after the scheme, without the value: `invoices`, `invoices/new`.
    public let path: String
    /// The value the link carries as its last path segment, when it carries one.
    public let value: LinkValue?
    /// Shows the screen for a followed link: what the command for it would print.
    public let show: @Sendable (_ value: String?, _ invocation: Invocation) async throws(CommandError) -> ExitStatus

    /// Creates a screen.
    public init(
        name: String, path: String, value: LinkValue? = nil,
        show: @escaping @Sendable (_ value: String?, _ invocation: Invocation) async throws(CommandError) -> ExitStatus
    ) {
        self.name = name
        self.path = path
        self.value = value
        self.show = show
    }
}

/// The value a link to a screen carries: an invoice number, a report period.
public struct LinkValue: Sendable {
    /// What help calls it: `NUMBER`, `PERIOD`.
    public let placeholder: String
    /// The values completion offers (the periods); empty when any value of the right form goes.
    public let choices: [String]
    /// The form a link carries for `text` (`weekly` → `week`), or nil when `text` can never be one. Pure: links
    /// are routed with it before anything is opened.
    public let canonical: @Sendable (String) -> String?
    /// Checks that `value` names something that exists before `ledger link` prints a link to it (an invoice that
    /// is stored); nil when the form is enough.
    public let check: (@Sendable (_ value: String, _ invocation: Invocation) async throws(CommandError) -> Void)?

    /// Creates a value.
    public init(
        placeholder: String, choices: [String] = [], canonical: @escaping @Sendable (String) -> String?,
        check: (@Sendable (_ value: String, _ invocation: Invocation) async throws(CommandError) -> Void)? = nil
    ) {
        self.placeholder = placeholder
        self.choices = choices
        self.canonical = canonical
        self.check = check
    }
}

/// Whether a link would be followed: the link policy `ledger open` applies, for a screen that shows links that
/// came from outside (the server's home screen) and must never display one the app would refuse.
public protocol LinkChecking: Sendable {
    /// Whether `ledger open` would follow `link`.
    func isFollowable(_ link: String) async -> Bool
}

/// A feature's part of `ledger demo`: the commands a user would type, run in order on the demo's data folder.
/// The demo prints each part under its title; its recorded output lives in the owning feature's README, in the
/// block marked `<!-- BEGIN GENERATED DEMO: <title> -->`, so the team that owns the output records it.
public struct DemoSection: Sendable {
    /// A heading: `Expenses`.
    public let title: String
    /// Whether the part sets up what the others use (the user's company), so it runs before them.
    public let setsUp: Bool
    /// The steps.
    public let steps: [DemoStep]

    /// Creates a section.
    public init(title: String, setsUp: Bool = false, steps: [DemoStep]) {
        self.title = title
        self.setsUp = setsUp
        self.steps = steps
    }
}

/// One command of the demo. Words may use `{folder}` (the demo's data folder), `{today}`, `{yesterday}` (as
/// `YYYY-MM-DD`) and `{email}` (an address unique to the run); `files` are written into the folder first, with
/// the same placeholders replaced.
public struct DemoStep: Sendable {
    /// A comment printed above the command; empty for none.
    public let note: String
    /// The command's words after `ledger`.
    public let words: [String]
    /// The exit status the step should end with.
    public let expected: ExitStatus
    /// Files to write into the demo's folder first: name and contents.
    public let files: [String: String]
    /// Whether the step runs after every other step, once the API server is stopped (showing what works offline).
    public let offline: Bool

    /// Creates a step.
    public init(
        _ note: String, _ words: [String], expected: ExitStatus = .success, files: [String: String] = [:],
        offline: Bool = false
    ) {
        self.note = note
        self.words = words
        self.expected = expected
        self.files = files
        self.offline = offline
    }
}
