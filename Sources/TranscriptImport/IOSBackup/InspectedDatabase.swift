import Foundation
import TranscriptModel
import TranscriptSupport

/// A SQLite database opened read-only and immutable, with the columns of the tables a reader asks for looked up
/// first (`PRAGMA table_info`), so that a column an app version lacks is read as NULL: a missing feature, never
/// an error. SQLite's errors (a damaged file) become errors naming the file.
struct InspectedDatabase {
    let database: SQLiteDatabase
    /// How errors and warnings name the file.
    let displayPath: String
    /// The columns of each table looked up, by table name (tables the file lacks are absent).
    let columns: [String: Set<String>]
    /// What the database is, for errors: "WhatsApp database", "backup manifest".
    let what: String

    /// Opens the file; an error naming it when it is not SQLite or cannot be read.
    init(_ url: URL, displayPath: String, what: String, tables: Set<String>) throws {
        self.displayPath = displayPath
        self.what = what
        guard IMessageDatabase.isSQLite(url) else {
            throw TranscriptsError(file: displayPath, message: "not a \(what): not a SQLite database (it does not start with \"SQLite format 3\")")
        }
        do {
            database = try SQLiteDatabase.openReadOnly(url)
            let names = Set(try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0["name"].text })
            var columns: [String: Set<String>] = [:]
            for table in names where tables.contains(table) {
                columns[table] = Set(try database.rows("PRAGMA table_info(\(table))").compactMap { $0["name"].text })
            }
            self.columns = columns
        } catch let error as SQLiteError {
            throw TranscriptsError(file: displayPath, message: "cannot read the \(what) (SQLite: \(error.message))")
        }
    }

    /// The names of the tables of a SQLite file; nil when it is not one or cannot be read.
    static func tableNames(_ url: URL) -> Set<String>? {
        guard IMessageDatabase.isSQLite(url), let database = try? SQLiteDatabase.openReadOnly(url),
              let rows = try? database.rows("SELECT name FROM sqlite_master WHERE type = 'table'")
        else { return nil }
        return Set(rows.compactMap { $0["name"].text })
    }

    /// Whether the database has the table (and the column).
    func has(_ table: String, _ column: String? = nil) -> Bool {
        guard let names = columns[table] else { return false }
        return column.map(names.contains) ?? true
    }

    /// `alias.column AS as`, or `NULL AS as` when the table has no such column.
    func column(_ table: String, _ alias: String, _ name: String, as label: String? = nil) -> String {
        has(table, name) ? "\(alias).\(name) AS \(label ?? name)" : "NULL AS \(label ?? name)"
    }

    /// `column(_:_:_:)` of each name, joined with commas.
    func columns(_ table: String, _ alias: String, _ names: [String]) -> String {
        names.map { column(table, alias, $0) }.joined(separator: ", ")
    }

    /// Runs a query; SQLite's errors become errors naming the file.
    func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        do {
            return try database.rows(sql, bindings)
        } catch let error as SQLiteError {
            throw TranscriptsError(file: displayPath, message: "cannot read the \(what) (SQLite: \(error.message))")
        }
    }

    /// Runs a query, calling `body` with each row; SQLite's errors become errors naming the file.
    func forEachRow(_ sql: String, _ bindings: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
        do {
            try database.forEachRow(sql, bindings, body)
        } catch let error as SQLiteError {
            throw TranscriptsError(file: displayPath, message: "cannot read the \(what) (SQLite: \(error.message))")
        }
    }
}
