import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import Testing

/// Six real processes each read a counter document and replace it increased by one, with a numbered payment, eight
/// times, at the same moment, against one SQLite file and against one folder of the file-system store: the counter
/// ends at 48, the payments are numbered 1 through 48 without a gap, and payment `n` wrote the counter `n`, so no
/// two creations read the same counter.
@Suite("Storage: numbered updates across processes")
struct NumberedUpdateProcessTests {
    static let backendVariable = "STORAGE_UPDATING_CHILD_BACKEND"
    static let locationVariable = "STORAGE_UPDATING_CHILD_LOCATION"
    static let indexVariable = "STORAGE_UPDATING_CHILD_INDEX"
    static let processes = 6
    static let creationsPerProcess = 8

    static var executable: URL? { ChildProcesses.executable(childVariables: [backendVariable]) }
    static var isChild: Bool { ProcessInfo.processInfo.environment[backendVariable] != nil }

    @Test(
        .enabled(if: executable != nil, "needs to start the test executable again (the Linux test runner)"),
        arguments: ["sqlite", "fileSystem"])
    func processesIncrementingAtOnceLoseNoUpdate(backend: String) async throws {
        let executable = try #require(Self.executable)
        try await withTemporaryFolder { folder in
            let location = folder.appendingPathComponent(backend == "sqlite" ? "ledger.sqlite" : "documents")
            // Created before the children start, so no child races to create the schema or the folder.
            try await Self.withStore(backend: backend, at: location) { store in
                try await store.save(try TestCounter.draft(0))
            }
            let outcomes = try await ChildProcesses.runTogether(
                executable: executable, filter: "updatingChildIncrementsTheCounter",
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
                try await TestCounter.check(store, total: total)
                for (number, token) in reported {
                    let payment = try await store.load(try TestCounter.paymentID(number))
                    #expect(payment?.metadata.attributes["token"] == token, "payment \(number) is another's")
                }
            }
        }
    }

    /// The child: waits for the parent's signal, then increments the counter as fast as it can.
    @Test(.enabled(if: isChild, "runs only inside the child processes of the numbered update test"))
    func updatingChildIncrementsTheCounter() async throws {
        let environment = ProcessInfo.processInfo.environment
        let backend = try #require(environment[Self.backendVariable])
        let location = URL(fileURLWithPath: try #require(environment[Self.locationVariable]))
        let index = try #require(environment[Self.indexVariable])
        let sequence = try NumberSequence(TestCounter.sequence)
        try await Self.withStore(backend: backend, at: location) { store in
            ChildProcesses.waitForGo()
            for call in 0..<Self.creationsPerProcess {
                let token = "process-\(index)-call-\(call)"
                let created = try await store.createNumberedDocuments(in: sequence, reading: [try TestCounter.id]) {
                    (number, read) throws(StorageError) in
                    try TestCounter.increment(number: number, read: read, token: token)
                }
                ChildProcesses.say("CREATED \(created.number) \(token)")
            }
        }
    }

    private static func withStore(
        backend: String, at location: URL,
        _ body: (any DocumentStore & NumberedDocumentUpdating) async throws -> Void
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
