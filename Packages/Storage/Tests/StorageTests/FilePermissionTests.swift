import Foundation
import Storage
import StorageFileSystem
import StorageSQLite
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the stores keep is private: every folder a store creates is `0700` and every file `0600` (database, its
/// log and shared-memory index, expense, document, sequence, record and lock files), whatever the umask of the
/// process; a folder that already exists is left as it is, and `FolderPermissions` says when other users can
/// write in it.
@Suite("Storage: private folders and files")
struct FilePermissionTests {
    static let folderVariable = "STORAGE_PERMISSIONS_CHILD_FOLDER"
    static let umaskVariable = "STORAGE_PERMISSIONS_CHILD_UMASK"
    static var executable: URL? { ChildProcesses.executable(childVariables: [folderVariable]) }

    /// The umask is one per process, so each runs in a child process (this test executable started again): one
    /// that takes nothing away (`000`, where `0644` files and `0777` folders would stay readable and writable by
    /// all) and one that takes the owner's own write bit (`277`).
    @Test(
        .enabled(if: executable != nil, "needs to start the test executable again (the Linux test runner)"),
        arguments: ["000", "277"])
    func everyFolderAndFileTheStoresCreateIsPrivateWhateverTheUmask(umask: String) async throws {
        let executable = try #require(Self.executable)
        try await withTemporaryFolder { folder in
            let outcome = try #require(
                try await ChildProcesses.runTogether(
                    executable: executable, filter: "permissionChildCreatesEveryKindOfFile",
                    environments: [[Self.folderVariable: folder.path, Self.umaskVariable: umask]]
                ).first)
            #expect(outcome.status == 0, "\(outcome.lines.suffix(5))")
            // Lines: "MODE <kind> <octal> <path relative to the folder>", listed while the stores were open.
            let modes = outcome.lines.filter { $0.hasPrefix("MODE ") }.map { $0.split(separator: " ").map(String.init) }
            let files = modes.filter { $0[1] == "file" }.map { ($0[3], $0[2]) }
            let folders = modes.filter { $0[1] == "folder" }.map { ($0[3], $0[2]) }
            for expected in [
                "sqlite/new/ledger.sqlite", "sqlite/new/ledger.sqlite-wal", "sqlite/new/ledger.sqlite-shm",
                "repaired/ledger.sqlite", "expenses/store/.lock", "documents/.lock", "session/record",
                "session/record.lock",
            ] {
                #expect(files.contains { $0.0 == expected }, "\(expected) was not created: \(files.map(\.0))")
            }
            // The expense store's files, and the document store's note, invoice record, PDF and sequence.
            #expect(files.filter { $0.0.hasPrefix("expenses/store/") }.count >= 2, "\(files.map(\.0))")
            #expect(files.filter { $0.0.hasPrefix("documents/") }.count >= 5, "\(files.map(\.0))")
            #expect(
                folders.map(\.0) == [
                    "documents", "expenses", "expenses/store", "repaired", "session", "sqlite",
                    "sqlite/new",
                ])
            for (path, mode) in files { #expect(mode == "600", "\(path) is \(mode) under umask \(umask)") }
            for (path, mode) in folders { #expect(mode == "700", "\(path)/ is \(mode) under umask \(umask)") }
        }
    }

    /// The child: sets the umask, creates every kind of store in new folders, writes to each, and lists the mode of
    /// everything under the folder while the stores are open (the log and index of a database exist only then).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[folderVariable] != nil, "runs only as the child above"))
    func permissionChildCreatesEveryKindOfFile() async throws {
        let environment = ProcessInfo.processInfo.environment
        let folder = URL(fileURLWithPath: try #require(environment[Self.folderVariable]))
        let mask = try #require(mode_t(environment[Self.umaskVariable] ?? "", radix: 8))
        _ = umask(mask)

        let database = folder.appendingPathComponent("sqlite/new/ledger.sqlite")
        let sqlite = try await SQLiteStore.open(
            at: database, options: SQLiteStoreOptions(createsMissingFolders: true))
        try await sqlite.save(entry(id: uuid(1)))
        try await sqlite.save(DocumentDraft(id: try DocumentID("note"), contentType: "text/plain", bytes: Data([1])))
        _ = try await SQLiteStore.repair(
            damaged: database, into: folder.appendingPathComponent("repaired/ledger.sqlite"))

        let expenses = try await FileSystemExpenseStore.open(in: folder.appendingPathComponent("expenses/store"))
        try await expenses.save(entry(id: uuid(2)))
        let documents = try await FileSystemDocumentStore.open(in: folder.appendingPathComponent("documents"))
        try await documents.save(DocumentDraft(id: try DocumentID("note"), contentType: "text/plain", bytes: Data()))
        _ = try await documents.createNumberedDocuments(in: try NumberSequence("invoice")) {
            (number) throws(StorageError) in try TestInvoices.drafts(number: number, token: "mode")
        }
        let record = try DurableRecordFile(at: folder.appendingPathComponent("session/record"))
        try await record.write(Data("token".utf8))
        _ = try await record.withExclusiveAccess { (_) throws(StorageError) -> RecordChange in .keep }

        for (path, kind, mode) in try Self.modes(under: folder) {
            ChildProcesses.say("MODE \(kind) \(String(mode, radix: 8)) \(path)")
        }
        ChildProcesses.waitForGo()
        await sqlite.close()
        await expenses.close()
        await documents.close()
    }

    /// Every entry under `folder` (not `folder` itself): its path relative to `folder`, file or folder, and its
    /// permission bits.
    static func modes(under folder: URL) throws -> [(String, String, mode_t)] {
        var found: [(String, String, mode_t)] = []
        for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            var status = stat()
            guard lstat(folder.appendingPathComponent(path).path, &status) == 0 else { continue }
            let kind = (status.st_mode & S_IFMT) == S_IFDIR ? "folder" : "file"
            found.append((path, kind, status.st_mode & 0o7777))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// A folder that exists is left as it is; `FolderPermissions` says who else may change files in it, in a
    /// sentence an app can show.
    @Test(arguments: [
        (0o700 as mode_t, false, false), (0o755, false, false), (0o770, true, false), (0o777, true, true),
        (0o1733, true, true),
    ])
    func folderPermissionsSayWhoElseCanWriteInAFolder(mode: mode_t, group: Bool, others: Bool) async throws {
        try await withTemporaryFolder { root in
            let folder = root.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            #expect(chmod(folder.path, mode) == 0)
            let store = try await SQLiteStore.open(at: folder.appendingPathComponent("ledger.sqlite"))
            await store.close()
            var status = stat()
            #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o7777 == mode)

            let permissions = try FolderPermissions.of(folder)
            #expect(permissions.mode == UInt16(mode))
            #expect(permissions.groupCanWrite == group && permissions.othersCanWrite == others)
            if group || others {
                let who = others ? "every user of this computer" : "other members of its group"
                #expect(
                    permissions.warning
                        == "The folder \(folder.path) can be changed by \(who) (permissions \(String(mode, radix: 8))): "
                        + "they could read, replace or delete what is stored in it. Make it private with "
                        + "'chmod 700 \(folder.path)'.")
            } else {
                #expect(permissions.warning == nil)
            }
        }
    }

    @Test func aMissingFolderHasNoPermissionsToReport() async throws {
        try await withTemporaryFolder { root in
            let missing = root.appendingPathComponent("missing")
            let error = await storageError { _ = try FolderPermissions.of(missing) }
            #expect(error == .fileSystem(FileSystemFailure(operation: .open, path: missing.path, errorNumber: ENOENT)))
        }
    }
}
