import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import Testing

/// Eight real processes create numbered invoices at the same moment against one SQLite file, and against one
/// folder of the file-system store: every number is given once, the numbers are 1 through 48 without a gap, and
/// each number's record and PDF come from the same call.
@Suite("Storage: numbering across processes")
struct NumberingProcessTests {
    static let backendVariable = "STORAGE_NUMBERING_CHILD_BACKEND"
    static let locationVariable = "STORAGE_NUMBERING_CHILD_LOCATION"
    static let indexVariable = "STORAGE_NUMBERING_CHILD_INDEX"
    static let processes = 8
    static let creationsPerProcess = 6

    static var executable: URL? { ChildProcesses.executable(childVariables: [backendVariable]) }
    static var isChild: Bool { ProcessInfo.processInfo.environment[backendVariable] != nil }

    @Test(
        .enabled(if: executable != nil, "needs to start the test executable again (the Linux test runner)"),
        arguments: ["sqlite", "fileSystem"])
    func processesCreatingAtOnceGetDistinctConsecutiveNumbers(backend: String) async throws {
        let executable = try #require(Self.executable)
        try await withTemporaryFolder { folder in
            let location = folder.appendingPathComponent(backend == "sqlite" ? "ledger.sqlite" : "documents")
            // Created before the children start, so no child races to create the schema or the folder.
            try await Self.withStore(backend: backend, at: location) { _ in }
            let outcomes = try await ChildProcesses.runTogether(
                executable: executable, filter: "numberingChildCreatesInvoices",
                environments: (0..<Self.processes).map { index in
                    [
                        Self.backendVariable: backend, Self.locationVariable: location.path,
                        Self.indexVariable: String(index),
                    ]
                })
            var reported: [Int: String] = [:]
            for (index, outcome) in outcomes.enumerated() {
                #expect(outcome.status == 0, "child \(index) failed:\n\(outcome.lines.joined(separator: "\n"))")
                for line in outcome.lines where line.hasPrefix("CREATED ") {
                    let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                    let number = try #require(Int(parts[1]))
                    #expect(reported[number] == nil, "number \(number) was given twice")
                    reported[number] = parts[2]
                }
            }
            let total = Self.processes * Self.creationsPerProcess
            #expect(reported.keys.sorted() == Array(1...total))
            try await Self.withStore(backend: backend, at: location) { store in
                let stored = try await TestInvoices.check(store)
                #expect(stored == reported)
            }
        }
    }

    /// The child: waits for the parent's signal, then creates its invoices as fast as it can.
    @Test(.enabled(if: isChild, "runs only inside the child processes of the numbering test"))
    func numberingChildCreatesInvoices() async throws {
        let environment = ProcessInfo.processInfo.environment
        let backend = try #require(environment[Self.backendVariable])
        let location = URL(fileURLWithPath: try #require(environment[Self.locationVariable]))
        let index = try #require(environment[Self.indexVariable])
        let sequence = try NumberSequence("invoice")
        try await Self.withStore(backend: backend, at: location) { store in
            ChildProcesses.waitForGo()
            for call in 0..<Self.creationsPerProcess {
                let token = "process-\(index)-call-\(call)"
                let created = try await store.createNumberedDocuments(in: sequence) { (number) throws(StorageError) in
                    try TestInvoices.drafts(number: number, token: token)
                }
                ChildProcesses.say("CREATED \(created.number) \(token)")
            }
        }
    }

    private static func withStore(
        backend: String, at location: URL,
        _ body: (any DocumentStore & NumberedDocumentCreating) async throws -> Void
    ) async throws {
        if backend == "sqlite" {
            let store = try await SQLiteStore.open(at: location)
            try await body(store)
            await store.close()
        } else {
            let store = try await FileSystemDocumentStore.open(in: location)
            try await body(store)
            await store.close()
        }
    }
}
