import Foundation
import Storage

/// Every row of the store's tables that can still be read from a damaged database file.
///
/// The tables are found through the schema on page 1 and read tree by tree. Pages that no tree reaches any more
/// (below a damaged interior page, or all of them when the schema is unreadable) and that are not on the freelist
/// are read on their own, and their rows are recognised by their shape: an expense row has six columns (a date,
/// a 16-byte id, text, an integer, text, text) and, when written since schema 4, a category and tags, on an index
/// page of its table without rowid; a document row eight, on a table page. Every row is checked like a save would
/// check it; a document's bytes must match their stored checksum.
struct SQLiteSalvage {
    var expenses: [UUID: StoredExpense] = [:]
    var documents: [DocumentID: (metadata: DocumentMetadata, bytes: Data)] = [:]
    var sequences: [String: Int] = [:]
    /// Ids and dates the id index names: the rows that existed, whether or not they could be read.
    var expenseIDs: [UUID: Double] = [:]
    var documentIDs = Set<String>()
    /// Documents whose row was found but failed its checks (bytes against their checksum).
    var damagedDocumentIDs = Set<String>()
    /// Records of each table that could not be decoded or failed their checks.
    var unreadableExpenses = 0
    var unreadableDocuments = 0
    var unreadableSequences = 0
    var damagedPages: [Int] = []
    /// Pages the database has (by its header or its log) that the file is too short to hold, or that a tree points
    /// to beyond its end: what they held is lost and cannot be counted.
    var missingPages = 0

    private static let coding = JSONCodingStrategy()

    /// Rows of every kind recovered.
    var recoveredRows: Int { expenses.count + documents.count + sequences.count }

    /// Whether nothing was found damaged, unreadable or missing.
    var isClean: Bool {
        damagedPages.isEmpty && missingPages == 0 && unreadableExpenses == 0 && unreadableDocuments == 0
            && unreadableSequences == 0
    }

    /// The salvage of the database at `url` under its own page size, or, when that one is damaged or a guess (or
    /// reading under it finds damage), under each page size SQLite allows, keeping the one that reads the most rows
    /// (the file's own on a tie). A header whose page-size bytes were changed hides no row.
    static func best(of url: URL) throws(StorageError) -> SQLiteSalvage {
        let file = try DatabaseFile(url: url)
        var best = SQLiteSalvage(file: file)
        guard !file.pageSizeIsKnown || !best.isClean else { return best }
        for size in DatabaseFile.allowedPageSizes where size != file.pageSize {
            let candidate = SQLiteSalvage(file: try DatabaseFile(url: url, pageSize: size))
            if candidate.recoveredRows > best.recoveredRows { best = candidate }
        }
        return best
    }

    init(file: DatabaseFile) {
        var claimed = file.freePages()
        var damaged: [Int] = []
        let roots = file.roots()
        // The schema's own pages are not rows of ours.
        file.walk(root: 1, table: true, claimed: &claimed, damaged: &damaged) { _, _ in }
        damaged.removeAll()
        if let root = roots["expense"] {
            file.walk(root: root, table: false, claimed: &claimed, damaged: &damaged) { _, cells in
                for cell in cells where cell.values != nil || cell.isDamaged {
                    if !self.addExpense(cell.values) { self.unreadableExpenses += 1 }
                }
            }
        }
        if let root = roots["expense_by_id"] {
            file.walk(root: root, table: false, claimed: &claimed, damaged: &damaged) { _, cells in
                for cell in cells { self.addExpenseID(cell.values) }
            }
        }
        if let root = roots["document"] {
            file.walk(root: root, table: true, claimed: &claimed, damaged: &damaged) { page, cells in
                for cell in cells where page.kind == 13 {
                    if !self.addDocument(cell.values) { self.unreadableDocuments += 1 }
                }
            }
        }
        if let root = roots["sqlite_autoindex_document_1"] {
            file.walk(root: root, table: false, claimed: &claimed, damaged: &damaged) { _, cells in
                for cell in cells { self.addDocumentID(cell.values) }
            }
        }
        if let root = roots["number_sequence"] {
            file.walk(root: root, table: false, claimed: &claimed, damaged: &damaged) { _, cells in
                for cell in cells where cell.values != nil || cell.isDamaged {
                    if !self.addSequence(cell.values) { self.unreadableSequences += 1 }
                }
            }
        }
        // Without the store's tables in the schema, the schema page itself cannot be read.
        if roots["expense"] == nil { damaged.append(1) }
        damagedPages = damaged
        readOrphans(of: file, claimed: claimed, schemaKnown: roots["number_sequence"] != nil)
        damagedPages = Array(Set(damagedPages)).sorted()
        missingPages =
            (1...max(1, file.pageCount)).filter(file.isMissing).count
            + file.pagesBeyondTheEnd.count
    }

    /// Reads pages no tree reached, recognising rows by their shape. Rows already found through a tree win.
    private mutating func readOrphans(of file: DatabaseFile, claimed: Set<Int>, schemaKnown: Bool) {
        var textAndNumberPages: [[(String, Int64)]] = []
        for number in 1...max(1, file.pageCount) where !claimed.contains(number) {
            guard !file.overflowPages.contains(number), let page = file.treePage(number) else { continue }
            var pairs: [(String, Int64)] = []
            for cell in file.cells(of: page) {
                guard let values = cell.values else { continue }
                if page.kind == 13, values.count == 8 {
                    _ = addDocument(values, onlyIfNew: true)
                } else if !page.isTable, (6...8).contains(values.count) {
                    _ = addExpense(values, onlyIfNew: true)
                } else if !page.isTable, values.count == 2, values[0].blob?.count == 16 {
                    addExpenseID(values)
                } else if !page.isTable, values.count == 2, let text = values[0].text, let number = values[1].integer {
                    pairs.append((text, number))
                }
            }
            if !pairs.isEmpty { textAndNumberPages.append(pairs) }
        }
        // A (text, integer) row is a document id of the document table's index, or a sequence. With the schema
        // readable the sequence table is one page reached from its root, so such orphans are index entries; without
        // it, a page naming any recovered document is the index and the others are sequences.
        for pairs in textAndNumberPages {
            let isIndex =
                schemaKnown
                || pairs.contains { pair in (try? DocumentID(pair.0)).map { documents[$0] != nil } ?? false }
            for (text, number) in pairs {
                if isIndex {
                    documentIDs.insert(text)
                } else if sequences[text] == nil {
                    _ = addSequence([.text(text), .integer(number)])
                }
            }
        }
    }

    // MARK: Rows

    /// Adds an expense row: `date, id, title, price_micros, currency, comment, category, tags`, the primary key
    /// first as SQLite stores rows of tables without rowid. A row written before the category and tags columns
    /// were added holds only the first six values.
    private mutating func addExpense(_ values: [DatabaseFile.Value]?, onlyIfNew: Bool = false) -> Bool {
        guard let values, values.count >= 6, values.count <= 8, let date = values[0].double,
            let idBytes = values[1].blob,
            idBytes.count == 16, let title = values[2].text, let price = values[3].integer,
            let currency = values[4].text, let comment = values[5].text
        else { return false }
        var category: String?
        var tags: [String] = []
        if values.count > 6 {
            switch values[6] {
            case .null: category = nil
            case .text(let text): category = text
            default: return false
            }
        }
        if values.count > 7 {
            guard let text = values[7].text else { return false }
            tags = ExpenseQueries.splitTags(text)
        }
        let id = UUID(uuid: Self.uuidBytes(idBytes))
        let stored = StoredExpense(
            id: id, title: title, priceMicros: price, currencyCode: currency, comment: comment, date: date,
            category: category, tags: tags)
        guard (try? ExpenseLimits.checked(stored.entry)) == stored else { return false }
        if onlyIfNew, expenses[id] != nil { return true }
        expenses[id] = stored
        return true
    }

    private mutating func addExpenseID(_ values: [DatabaseFile.Value]?) {
        guard let values, values.count == 2, let bytes = values[0].blob, bytes.count == 16,
            let date = values[1].double
        else { return }
        expenseIDs[UUID(uuid: Self.uuidBytes(bytes))] = date
    }

    /// Adds a document row: `id, content_type, attributes, byte_count, checksum, created, modified, bytes`.
    private mutating func addDocument(_ values: [DatabaseFile.Value]?, onlyIfNew: Bool = false) -> Bool {
        guard let values, values.count == 8, let raw = values[0].text, let contentType = values[1].text,
            let attributes = values[2].blob, let byteCount = values[3].integer, let checksum = values[4].integer,
            let created = values[5].double, let modified = values[6].double, let bytes = values[7].blob
        else { return false }
        guard let id = try? DocumentID(raw) else { return false }
        let data = Data(bytes)
        guard byteCount == Int64(data.count), checksum == Int64(CRC32.checksum(data)),
            let decoded = try? Self.coding.decode([String: String].self, from: Data(attributes))
        else {
            damagedDocumentIDs.insert(raw)
            return false
        }
        let draft = DocumentDraft(id: id, contentType: contentType, attributes: decoded, bytes: data)
        guard (try? DocumentLimits.check(draft)) != nil else { return false }
        if onlyIfNew, documents[id] != nil { return true }
        documents[id] = (
            DocumentMetadata(
                id: id, contentType: contentType, attributes: decoded, byteCount: data.count,
                createdAt: Date(timeIntervalSinceReferenceDate: created),
                modifiedAt: Date(timeIntervalSinceReferenceDate: modified)),
            data
        )
        return true
    }

    private mutating func addDocumentID(_ values: [DatabaseFile.Value]?) {
        guard let values, values.count == 2, let text = values[0].text else { return }
        documentIDs.insert(text)
    }

    /// Adds a sequence row: `name, last`.
    private mutating func addSequence(_ values: [DatabaseFile.Value]?) -> Bool {
        guard let values, values.count == 2, let name = values[0].text, let last = values[1].integer, last >= 0,
            let number = Int(exactly: last), (try? NumberSequence(name)) != nil
        else { return false }
        sequences[name] = number
        return true
    }

    private static func uuidBytes(_ bytes: [UInt8]) -> uuid_t {
        (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }

    // MARK: Report

    /// An id the index names is lost when its row was not recovered and its date has fewer recovered rows than
    /// index entries: a damaged index entry whose id no longer matches its row is not mistaken for a lost row.
    func expenseRows() -> SalvagedRows<UUID> {
        var indexed: [Double: Int] = [:]
        for date in expenseIDs.values { indexed[date, default: 0] += 1 }
        var recovered: [Double: Int] = [:]
        for expense in expenses.values { recovered[expense.date, default: 0] += 1 }
        let lost = expenseIDs.filter { id, date in
            expenses[id] == nil && recovered[date, default: 0] < indexed[date, default: 0]
        }.keys.sorted { UUIDOrder.less($0, $1) }
        return SalvagedRows(
            recovered: expenses.count, unreadable: max(unreadableExpenses, lost.count), lostIDs: lost)
    }

    func documentRows() -> SalvagedRows<DocumentID> {
        let recovered = Set(documents.keys.map(\.rawValue))
        let lost = documentIDs.union(damagedDocumentIDs).subtracting(recovered).compactMap { try? DocumentID($0) }
            .sorted()
        return SalvagedRows(
            recovered: documents.count, unreadable: max(unreadableDocuments, lost.count), lostIDs: lost)
    }

    func sequenceRows() -> SalvagedRows<String> {
        SalvagedRows(recovered: sequences.count, unreadable: unreadableSequences, lostIDs: [])
    }
}
