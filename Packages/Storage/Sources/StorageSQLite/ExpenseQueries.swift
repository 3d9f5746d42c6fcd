import Foundation
import Storage
import StorageCSQLite

/// The SQL of the expense table.
enum ExpenseQueries {
    private static let insert = """
        INSERT INTO expense (id, title, price_micros, currency, comment, date, category, tags)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (id) DO NOTHING
        """
    private static let update = """
        UPDATE expense SET title = ?2, price_micros = ?3, currency = ?4, comment = ?5, date = ?6, category = ?7,
        tags = ?8 WHERE id = ?1
        """
    private static let plainInsert = """
        INSERT INTO expense (id, title, price_micros, currency, comment, date, category, tags)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """
    private static let exists = "SELECT 1 FROM expense WHERE id = ?1"
    private static let count = "SELECT count(*) FROM expense"
    private static let remove = "DELETE FROM expense WHERE id = ?1"
    /// Batches at least this large, and at least as large as the table, take the bulk path.
    private static let bulkThreshold = 10_000
    static let report = """
        SELECT id, title, price_micros, currency, comment, date, category, tags FROM expense
        WHERE date >= ?1 AND date < ?2 ORDER BY date DESC, id ASC
        """
    // Amounts are summed in two parts (billions and the rest) so that no sum of 64-bit amounts can overflow.
    static let totals = """
        SELECT currency, SUM(price_micros / 1000000000), SUM(price_micros % 1000000000), COUNT(*) FROM expense
        WHERE date >= ?1 AND date < ?2 GROUP BY currency ORDER BY currency
        """

    /// Applies a group of writes in one transaction; each write in its own savepoint.
    static func commit(
        _ writes: [ExpenseWrite], connection: SQLiteConnection
    ) -> [Result<ExpenseWriteReply, StorageError>] {
        var results: [Result<ExpenseWriteReply, StorageError>] = []
        do throws(SQLiteFailure) {
            try connection.writeTransaction { () throws(SQLiteFailure) in
                for write in writes {
                    do throws(SQLiteFailure) {
                        let reply = try connection.savepoint { () throws(SQLiteFailure) -> ExpenseWriteReply in
                            try apply(write, connection: connection)
                        }
                        results.append(.success(reply))
                    } catch {
                        results.append(.failure(error.storageError))
                    }
                }
            }
        } catch {
            return writes.map { _ in .failure(error.storageError) }
        }
        return results
    }

    private static func apply(
        _ write: ExpenseWrite, connection: SQLiteConnection
    ) throws(SQLiteFailure) -> ExpenseWriteReply {
        switch write {
        case .save(let batch):
            // In date order, each insert lands next to the previous one in the date-ordered table.
            let sorted = inDateOrder(batch)
            if sorted.count >= bulkThreshold, try rowCount(connection) <= sorted.count {
                return .saved(try bulkSave(sorted, connection: connection))
            }
            var receipt = SaveReceipt(inserted: 0, replaced: 0)
            let insert = try connection.prepare(insert)
            for entry in sorted {
                try bind(entry, to: insert)
                try insert.run()
                if connection.changes == 1 {
                    receipt.inserted += 1
                } else {
                    let update = try connection.prepare(update)
                    try bind(entry, to: update)
                    try update.run()
                    receipt.replaced += 1
                }
            }
            return .saved(receipt)
        case .delete(let ids):
            let remove = try connection.prepare(remove)
            var deleted: [UUID] = []
            for id in ids {
                try remove.bind(id, at: 1)
                try remove.run()
                if connection.changes == 1 { deleted.append(id) }
            }
            return .deleted(deleted)
        }
    }

    /// A large batch into a table no larger than itself (an import): entries that replace existing ones are
    /// updated first, then the id index is dropped, the new entries appended, and the index rebuilt in one sorted
    /// pass, which costs a fraction of a million random index inserts. It all happens inside the caller's
    /// transaction: other connections never see the table without its index, and a failure restores it.
    private static func bulkSave(
        _ sorted: [StoredExpense], connection: SQLiteConnection
    ) throws(SQLiteFailure) -> SaveReceipt {
        var fresh: [StoredExpense] = []
        fresh.reserveCapacity(sorted.count)
        var replaced = 0
        if try rowCount(connection) == 0 {
            fresh = sorted
        } else {
            let exists = try connection.prepare(exists)
            let update = try connection.prepare(update)
            for entry in sorted {
                try exists.bind(entry.id, at: 1)
                let found = try exists.step()
                exists.reset()
                if found {
                    try bind(entry, to: update)
                    try update.run()
                    replaced += 1
                } else {
                    fresh.append(entry)
                }
            }
        }
        try connection.execute("DROP INDEX expense_by_id")
        let insert = try connection.prepare(plainInsert)
        for entry in fresh {
            try bind(entry, to: insert)
            try insert.run()
        }
        try connection.execute(SQLiteSchema.idIndex)
        return SaveReceipt(inserted: fresh.count, replaced: replaced)
    }

    /// The batch sorted by date; the dates are sorted with their positions, which moves far less memory than
    /// sorting the entries themselves.
    private static func inDateOrder(_ batch: [StoredExpense]) -> [StoredExpense] {
        if zip(batch, batch.dropFirst()).allSatisfy({ $0.date <= $1.date }) { return batch }
        let order = batch.indices.map { (date: batch[$0].date, index: $0) }.sorted { $0.date < $1.date }
        return order.map { batch[$0.index] }
    }

    private static func rowCount(_ connection: SQLiteConnection) throws(SQLiteFailure) -> Int {
        let statement = try connection.prepare(count)
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(0)) : 0
    }

    private static func bind(_ entry: StoredExpense, to statement: SQLiteStatement) throws(SQLiteFailure) {
        try statement.bind(entry.id, at: 1)
        try statement.bind(entry.title, at: 2)
        try statement.bind(entry.priceMicros, at: 3)
        try statement.bind(entry.currencyCode, at: 4)
        try statement.bind(entry.comment, at: 5)
        try statement.bind(entry.date, at: 6)
        try statement.bind(entry.category, at: 7)
        try statement.bind(joinedTags(entry.tags), at: 8)
    }

    /// Tags as the `tags` column holds them: joined by commas, which no tag contains.
    static func joinedTags(_ tags: [String]) -> String {
        tags.joined(separator: ",")
    }

    /// The `tags` column read back.
    static func splitTags(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    static func report(in period: Range<Date>, connection: SQLiteConnection) throws(StorageError) -> ExpenseReport {
        var entries: [ExpenseEntry] = []
        var sums: [String: MicrosTotal] = [:]
        try SQLiteOpening.checked { () throws(SQLiteFailure) in
            let statement = try prepareRange(report, period: period, connection: connection)
            defer { statement.reset() }
            while try statement.step() {
                guard let id = statement.uuid(0) else {
                    throw SQLiteFailure(BackendFailure(code: SQLITE_CORRUPT, message: "expense id is not 16 bytes"))
                }
                let stored = StoredExpense(
                    id: id, title: statement.text(1), priceMicros: statement.int64(2),
                    currencyCode: statement.text(3), comment: statement.text(4), date: statement.double(5),
                    category: statement.optionalText(6), tags: splitTags(statement.text(7)))
                sums[stored.currencyCode, default: MicrosTotal()].add(stored.priceMicros)
                entries.append(stored.entry)
            }
        }
        return ExpenseReport(period: period, entries: entries, totals: CurrencyTotal.totals(of: sums))
    }

    static func totals(in period: Range<Date>, connection: SQLiteConnection) throws(StorageError) -> [CurrencyTotal] {
        try SQLiteOpening.checked { () throws(SQLiteFailure) -> [CurrencyTotal] in
            let statement = try prepareRange(totals, period: period, connection: connection)
            defer { statement.reset() }
            var totals: [CurrencyTotal] = []
            while try statement.step() {
                let sum = MicrosTotal(
                    billions: statement.int64(1), remainder: statement.int64(2), count: Int(statement.int64(3)))
                totals.append(
                    CurrencyTotal(currencyCode: statement.text(0), amount: sum.decimal, entryCount: sum.count))
            }
            return totals
        }
    }

    static func plans(connection: SQLiteConnection) throws(StorageError) -> [SQLiteQueryPlan] {
        try SQLiteOpening.checked { () throws(SQLiteFailure) -> [SQLiteQueryPlan] in
            var plans: [SQLiteQueryPlan] = []
            for (name, sql) in [("report", report), ("totals", totals)] {
                let statement = try connection.prepare("EXPLAIN QUERY PLAN " + sql)
                defer { statement.reset() }
                try statement.bind(0.0, at: 1)
                try statement.bind(1.0, at: 2)
                var details: [String] = []
                while try statement.step() { details.append(statement.text(3)) }
                plans.append(SQLiteQueryPlan(query: name, details: details))
            }
            return plans
        }
    }

    private static func prepareRange(
        _ sql: String, period: Range<Date>, connection: SQLiteConnection
    ) throws(SQLiteFailure) -> SQLiteStatement {
        let statement = try connection.prepare(sql)
        try statement.bind(period.lowerBound.timeIntervalSinceReferenceDate, at: 1)
        try statement.bind(period.upperBound.timeIntervalSinceReferenceDate, at: 2)
        return statement
    }
}
