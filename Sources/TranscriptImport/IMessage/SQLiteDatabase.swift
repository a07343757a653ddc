import CSQLite
import Foundation

/// A value of a SQLite column, copied out of the C library.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as a whole number: integers as they are, reals rounded down, text that is a number; else nil.
    package var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value) where value.isFinite && abs(value) < 9.2e18: Int64(value)
        case .text(let text): Int64(text)
        default: nil
        }
    }

    /// The value as text (a number as its digits); nil for NULL and blobs.
    package var text: String? {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .real(let value): String(value)
        default: nil
        }
    }

    /// The bytes of a blob (or of text); nil for NULL and numbers.
    package var bytes: [UInt8]? {
        switch self {
        case .blob(let bytes): bytes
        case .text(let text): Array(text.utf8)
        default: nil
        }
    }
}

/// One row of a query's result, its values by column name.
package struct SQLiteRow: Sendable {
    package let values: [SQLiteValue]
    let index: [String: Int]

    /// The value of the column named `name` (as the query's `AS` names it); NULL for a column it does not have.
    package subscript(_ name: String) -> SQLiteValue {
        index[name].map { values[$0] } ?? .null
    }
}

/// What SQLite said went wrong: its message (`file is not a database`, `no such table: chat`, ...).
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// A SQLite database: the only file that imports `CSQLite`, and the owner of all of its C memory. Every
/// statement is finalized before the call that prepared it returns, and the connection is closed when the
/// value goes away; values are copied into Swift (`SQLiteValue`) before the statement steps on.
///
/// A database opened with `openReadOnly` is never written, locked or journaled (`mode=ro&immutable=1`), so it
/// can be read while another program (Messages) has it open.
package final class SQLiteDatabase {
    private let connection: OpaquePointer

    private init(connection: OpaquePointer) {
        self.connection = connection
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// Opens the database file at `url` read-only and immutable.
    package static func openReadOnly(_ url: URL) throws -> SQLiteDatabase {
        // A URI filename: `%`, `?` and `#` in the path are written as percent escapes.
        var path = ""
        for character in url.standardizedFileURL.path.unicodeScalars {
            switch character {
            case "%": path += "%25"
            case "?": path += "%3f"
            case "#": path += "%23"
            default: path.unicodeScalars.append(character)
            }
        }
        return try open("file:" + path + "?mode=ro&immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
    }

    /// Opens (creating it when missing) the database file at `url` for reading and writing: for tests that
    /// make databases from SQL.
    package static func openForWriting(_ url: URL) throws -> SQLiteDatabase {
        try open(url.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    }

    private static func open(_ name: String, flags: Int32) throws -> SQLiteDatabase {
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(name, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let connection { sqlite3_close_v2(connection) }
            throw SQLiteError(message: message)
        }
        return SQLiteDatabase(connection: connection)
    }

    /// Runs SQL statements that return no rows (`CREATE TABLE …; INSERT …`).
    package func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(connection, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw SQLiteError(message: message)
        }
    }

    /// Runs one query with `?` parameters bound to `bindings`, calling `body` with each row.
    package func forEachRow(_ sql: String, _ bindings: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            sqlite3_finalize(prepared)
            throw SQLiteError(message: lastError)
        }
        defer { sqlite3_finalize(statement) }
        for (position, value) in bindings.enumerated() {
            let parameter = Int32(position + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, parameter)
            case .integer(let number): status = sqlite3_bind_int64(statement, parameter, number)
            case .real(let number): status = sqlite3_bind_double(statement, parameter, number)
            case .text(let text): status = sqlite3_bind_text(statement, parameter, text, -1, Self.transient)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, parameter, $0.baseAddress, Int32($0.count), Self.transient) }
            }
            guard status == SQLITE_OK else { throw SQLiteError(message: lastError) }
        }
        let count = Int(sqlite3_column_count(statement))
        var index: [String: Int] = [:]
        for column in 0..<count {
            if let name = sqlite3_column_name(statement, Int32(column)) { index[String(cString: name)] = column }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw SQLiteError(message: lastError) }
            let values = (0..<count).map { Self.value(statement, Int32($0)) }
            try body(SQLiteRow(values: values, index: index))
        }
    }

    /// Every row of a query.
    package func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try forEachRow(sql, bindings) { rows.append($0) }
        return rows
    }

    private static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let blob = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default: return .null
        }
    }

    private var lastError: String { String(cString: sqlite3_errmsg(connection)) }

    /// SQLite's `SQLITE_TRANSIENT` (a macro Swift cannot import): SQLite copies bound values at once.
    private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}
