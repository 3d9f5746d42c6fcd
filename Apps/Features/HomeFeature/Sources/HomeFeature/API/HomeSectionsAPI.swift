public import Foundation
public import Networking

/// The home-sections resource of the Ledger API (served for development and tests by `Scripts/dev-server`,
/// whose `home.py` is the reference).
public enum HomeSectionsAPI {
    /// `GET /v1/home/sections`: the raw JSON (`{"version": 1, "sections": [...]}`), left for the sections layer
    /// to parse, since one malformed section must not break the others.
    public static func sections() -> Endpoint<Data> {
        Endpoint<Data>.raw(method: .get, path: "/v1/home/sections")
    }
}
