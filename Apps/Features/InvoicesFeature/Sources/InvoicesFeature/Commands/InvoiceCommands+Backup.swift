import CommandKit
import Foundation

/// `invoice export` and `invoice import`: every invoice, credit note, account, client and draft in one JSON file,
/// read back without loss into another data folder.
extension InvoiceCommands {
    /// The backup commands, in the order help lists them after the others.
    var backupCommands: [CommandSpec] {
        [exportBackup, importBackup]
    }

    // MARK: invoice export

    private var exportBackup: CommandSpec {
        CommandSpec(
            path: ["invoice", "export"], arguments: ["FILE.json"],
            summary: "write every invoice, credit note, payment, client and draft to a backup file",
            details: "The file holds each document exactly as stored (its bytes in base64, its attributes and dates) "
                + "in a versioned JSON envelope; 'ledger invoice import' reads it back. Settings, caches and expenses "
                + "are not in it. An existing file is replaced only when it is JSON."
        ) { invocation throws(CommandError) in
            let path = try invocation.positionals()[0]
            let out = try OutputFile.checked(path, kind: "backup", signature: "{")
            let invoices = try await opened(invocation)
            guard let backup = invoices.backup else { throw Self.backupUnavailable }
            let export: InvoiceBackupExport
            do throws(InvoiceBackupError) {
                export = try await backup.exporter.exportBackup()
            } catch {
                throw .backup(error, path: path)
            }
            let written = try out.write(export.data)
            let console = invocation.console
            if console.json {
                console.emit(BackupJSON(file: written, contents: export.contents, imported: nil, unchanged: nil))
            } else {
                console.line(
                    "Exported \(Self.described(export.contents)) to \(path) (\(Plural.count(export.data.count, "byte")))."
                )
            }
            return .success
        }
    }

    // MARK: invoice import

    private var importBackup: CommandSpec {
        CommandSpec(
            path: ["invoice", "import"], arguments: ["FILE.json"],
            summary: "read a backup file written by 'ledger invoice export' into this data folder",
            details: "The whole file is checked before anything is written: a file that is not a backup of invoices, "
                + "a damaged entry, or a document that exists here with other contents refuses the import (exit "
                + "status 65) and nothing changes. Documents that exist with the same contents are left alone, so "
                + "importing a file twice adds nothing. Numbers given afterwards continue after the imported ones."
        ) { invocation throws(CommandError) in
            let path = try invocation.positionals()[0]
            let data = try Self.backupFile(path)
            let invoices = try await opened(invocation)
            guard let backup = invoices.backup else { throw Self.backupUnavailable }
            let result: InvoiceImportResult
            do throws(InvoiceBackupError) {
                result = try await backup.importer.importBackup(data)
            } catch {
                throw .backup(error, path: path)
            }
            let console = invocation.console
            if console.json {
                console.emit(
                    BackupJSON(
                        file: path, contents: result.contents, imported: result.imported, unchanged: result.unchanged))
            } else {
                console.line(
                    "Imported \(Plural.count(result.imported, "document")) from \(path), "
                        + "\(result.unchanged) already here: \(Self.described(result.contents)).")
            }
            return .success
        }
    }

    /// The bytes of the backup file at `path`, refusing a folder, a missing file and one larger than an import
    /// reads before reading it.
    private static func backupFile(_ path: String) throws(CommandError) -> Data {
        let url = URL(fileURLWithPath: path)
        let refuse = { (why: String, status: ExitStatus) in
            CommandError(
                message: "cannot read the backup '\(path)': \(why)",
                hint: "Nothing was imported. Give a file written by 'ledger invoice export'.", status: status)
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            throw refuse("there is no such file", .usage)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw refuse("it is not a file", .usage) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= InvoiceBackupFormat.maximumFileByteCount else {
            throw .backup(.tooLarge(byteCount: size, limit: InvoiceBackupFormat.maximumFileByteCount), path: path)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw refuse("the file could not be read", .ioError)
        }
    }

    /// "3 invoices, 1 credit note, 2 clients, 1 draft (12 documents)".
    private static func described(_ contents: InvoiceBackupContents) -> String {
        [
            Plural.count(contents.invoices, "invoice"), Plural.count(contents.creditNotes, "credit note"),
            Plural.count(contents.settlements, "account"), Plural.count(contents.clients, "client"),
            Plural.count(contents.drafts, "draft"),
        ].joined(separator: ", ") + " (\(Plural.count(contents.documents, "document")))"
    }

    static let backupUnavailable = CommandError(
        message: "invoices cannot be exported or imported with this data folder's store",
        hint: "Update ledger.", status: .unavailable)
}

/// What `invoice export --json` and `invoice import --json` print.
private struct BackupJSON: Encodable {
    /// The file written or read.
    var file: String
    /// What it holds.
    var contents: InvoiceBackupContents
    /// Documents saved (import only).
    var imported: Int?
    /// Documents already there with the same contents (import only).
    var unchanged: Int?

    /// Every key is always there: null where it does not apply.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(contents, forKey: .contents)
        try container.encode(imported, forKey: .imported)
        try container.encode(unchanged, forKey: .unchanged)
    }

    private enum CodingKeys: String, CodingKey {
        case file, contents, imported, unchanged
    }
}

extension CommandError {
    /// A refused backup, said for people; every refusal of the file exits with status 65 and writes nothing.
    static func backup(_ error: InvoiceBackupError, path: String) -> CommandError {
        switch error {
        case .storage(let failure):
            .storage(failure)
        case .conflicts:
            CommandError(
                message: "nothing was imported from \(path): \(error)",
                hint: "An import never overwrites. Import into an empty data folder, or remove those documents first.",
                status: .dataError)
        default:
            CommandError(
                message: "nothing was imported from \(path): \(error)",
                hint: "Give a file written by 'ledger invoice export', unchanged.", status: .dataError)
        }
    }
}
