import Foundation
public import Networking

/// The users resource of the Ledger API (served for development and tests by `Scripts/dev-server`, whose
/// `users.py` is the reference).
public enum UsersAPI {
    /// `POST /v1/users`: 201 with the user; 409 `email_taken`; 422 `validation_failed` with field codes;
    /// 429 with `Retry-After` when too many registrations arrive.
    public static func register(email: String) -> Endpoint<RegisteredUser> {
        Endpoint(method: .post, path: "/v1/users", body: ["email": email])
    }
}

/// A registered user.
public struct RegisteredUser: Hashable, Sendable, Codable {
    /// The server's id (`usr_...`).
    public var id: String
    /// The email as registered.
    public var email: String

    /// Creates a user.
    public init(id: String, email: String) {
        self.id = id
        self.email = email
    }
}
