import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("Networking: Ledger API against the dev-server")
struct LedgerAPITests {
    private let pdf = Data("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".utf8)

    private func unique(_ name: String) -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    }

    /// An API client on the shared server, signed in as a fresh user.
    private func signedIn() async throws -> (APIClient, InMemoryTokenStore, DevServer) {
        let server = try await DevServer.shared()
        let store = InMemoryTokenStore(token: try await server.signIn(email: unique("user")))
        let client = URLSessionHTTPClient().retrying().authenticating(
            store: store, refresher: LedgerTokenRefresher(baseURL: server.baseURL))
        return (APIClient(baseURL: server.baseURL, client: client), store, server)
    }

    @Test func registrationAnswers201Then409() async throws {
        let server = try await DevServer.shared()
        let api = APIClient(baseURL: server.baseURL, client: URLSessionHTTPClient())
        let email = unique("new")
        let user = try await api.send(LedgerAPI.registerUser(email: email))
        #expect(user.email == email)
        #expect(user.id.hasPrefix("usr_"))
        do {
            _ = try await api.send(LedgerAPI.registerUser(email: email.uppercased()))
            Issue.record("registered a duplicate")
        } catch {
            guard case .http(let response) = error else { throw error }
            #expect(response.status == 409)
            #expect(response.code == "email_taken")
        }
    }

    @Test(arguments: [
        ("", "empty"), ("no-at-sign.example.com", "missing_at"), ("a@b", "invalid_format"),
        (String(repeating: "x", count: 300) + "@example.com", "too_long"),
        ("evil@x.com\r\nX-Injected: 1", "invalid_format"),
        ("💥@💥", "invalid_format"),
    ])
    func invalidEmailsAre422WithAFieldCode(email: String, code: String) async throws {
        let server = try await DevServer.shared()
        let api = APIClient(baseURL: server.baseURL, client: URLSessionHTTPClient())
        do {
            _ = try await api.send(LedgerAPI.registerUser(email: email))
            Issue.record("registered \(email)")
        } catch {
            guard case .http(let response) = error else { throw error }
            #expect(response.status == 422)
            #expect(response.code == "validation_failed")
            #expect(response.fields == [.init(field: "email", code: code)])
        }
    }

    @Test func tokensCarryVersionsAndRefreshRotatesThem() async throws {
        let server = try await DevServer.shared()
        let first = try await server.signIn(email: unique("rotate"))
        let refresher = LedgerTokenRefresher(baseURL: server.baseURL)
        let second = try await refresher.refresh(first, using: URLSessionHTTPClient())
        #expect(first.version == "1")
        #expect(second.version == "2")
        #expect(second.accessToken.hasPrefix("v2."))
        await #expect(throws: HTTPClientError.refreshRejected(status: 401)) {
            try await refresher.refresh(first, using: URLSessionHTTPClient())  // the old refresh token was rotated
        }
        await #expect(throws: HTTPClientError.refreshRejected(status: 401)) {
            try await refresher.refresh(AuthToken(accessToken: "x"), using: URLSessionHTTPClient())  // none to send
        }
    }

    @Test func aRefreshAnswered5xxIsRejectedWithThatStatusAndSentOnce() async throws {
        try await DevServer.run { server in
            let token = try await server.signIn(email: "refresh-503@example.com")
            try await server.control(DevServerControl(fail: .init(count: 3, status: 503, path: "/v1/auth/refresh")))
            let client = URLSessionHTTPClient().retrying(sleeper: ManualClock(advancesOnSleep: true))
            await #expect(throws: HTTPClientError.refreshRejected(status: 503)) {
                try await LedgerTokenRefresher(baseURL: server.baseURL).refresh(token, using: client)
            }
            #expect(try await server.stats().count("/v1/auth/refresh") == 1)  // a POST without a key: no retry
        }
    }

    @Test func anUnreachableServerSurfacesTheTransportError() async throws {
        let server = try await DevServer.start()
        let url = server.baseURL
        await server.stop()
        await #expect {
            try await LedgerTokenRefresher(baseURL: url).refresh(
                AuthToken(accessToken: "a", refreshToken: "r"), using: URLSessionHTTPClient())
        } throws: { error in
            guard case .transport = error as? HTTPClientError else { return false }
            return true
        }
    }

    @Test func currentUserReportsTheTokenVersion() async throws {
        let (api, _, _) = try await signedIn()
        let me = try await api.send(LedgerAPI.currentUser())
        #expect(me.tokenVersion == 1)
        #expect(me.email.hasPrefix("user-"))
    }

    @Test func uploadStoresTheInvoiceAndFetchReturnsItWithThePDF() async throws {
        let (api, _, _) = try await signedIn()
        let uploader = APIInvoiceUploader(api: api)
        let upload = InvoiceUpload(
            number: "INV-7", customer: "ACME", currency: "EUR", totalCents: 12_345, issuedOn: "2024-05-01", pdf: pdf)
        let stored = try await uploader.upload(upload)
        #expect(stored.id.hasPrefix("inv_"))
        #expect(stored.number == "INV-7")
        #expect(stored.totalCents == 12_345)
        #expect(stored.pdfBytes == pdf.count)
        #expect(stored.pdfBase64 == nil)
        let fetched = try await api.send(LedgerAPI.invoice(id: stored.id, includingPDF: true))
        #expect(fetched.pdf == pdf)
        #expect(fetched.id == stored.id)
        #expect(try await api.send(LedgerAPI.invoice(id: stored.id)).pdfBase64 == nil)
    }

    @Test func uploadingTheSameValueTwiceStoresOneInvoice() async throws {
        let (api, _, _) = try await signedIn()
        let uploader = APIInvoiceUploader(api: api)
        let upload = InvoiceUpload(number: "INV-8", pdf: pdf)
        let first = try await uploader.upload(upload)
        let again = try await uploader.upload(upload)
        #expect(first == again)
        let other = try await uploader.upload(InvoiceUpload(number: "INV-8", pdf: pdf))
        #expect(other.id != first.id)  // a new value is a new upload
    }

    @Test func anUploadAnswered503IsRetriedThanksToItsIdempotencyKey() async throws {
        try await DevServer.run { server in
            let store = InMemoryTokenStore(token: try await server.signIn(email: "retry-upload@example.com"))
            let client = URLSessionHTTPClient().retrying(sleeper: ManualClock(advancesOnSleep: true))
                .authenticating(store: store, refresher: LedgerTokenRefresher(baseURL: server.baseURL))
            let uploader = APIInvoiceUploader(api: APIClient(baseURL: server.baseURL, client: client))
            try await server.control(DevServerControl(fail: .init(count: 1, status: 503, path: "/v1/invoices")))
            let stored = try await uploader.upload(InvoiceUpload(number: "INV-9"))
            #expect(stored.number == "INV-9")
            #expect(try await server.stats().count("/v1/invoices") == 2)
        }
    }

    @Test func invalidUploadsAre422WithEveryField() async throws {
        let (api, _, _) = try await signedIn()
        do {
            _ = try await APIInvoiceUploader(api: api).upload(
                InvoiceUpload(
                    number: "", currency: "euro", totalCents: -1, issuedOn: "2024-13-01", pdf: Data("GIF89a".utf8)))
            Issue.record("stored an invalid invoice")
        } catch {
            guard case .http(let response) = error else { throw error }
            #expect(response.status == 422)
            #expect(
                Set(response.fields.map(\.field)) == ["number", "currency", "total_cents", "issued_on", "pdf_base64"])
        }
    }

    @Test(arguments: ["inv_missing", "../../_stats", "..", "a/b", "x?y", String(repeating: "z", count: 5_000)])
    func unknownOrHostileInvoiceIdsAre404(id: String) async throws {
        let (api, _, _) = try await signedIn()
        do {
            _ = try await api.send(LedgerAPI.invoice(id: id))
            Issue.record("fetched \(id)")
        } catch {
            guard case .http(let response) = error else { throw error }
            #expect(response.status == 404)
            #expect(response.code == "not_found")
        }
    }

    @Test func anotherUsersInvoiceIsNotFound() async throws {
        let (owner, _, _) = try await signedIn()
        let (stranger, _, _) = try await signedIn()
        let stored = try await APIInvoiceUploader(api: owner).upload(InvoiceUpload(number: "INV-10"))
        await #expect(throws: APIError.self) { try await stranger.send(LedgerAPI.invoice(id: stored.id)) }
    }

    @Test func homeSectionsArriveRawWithKnownUnknownAndMalformedEntries() async throws {
        let server = try await DevServer.shared()
        let api = APIClient(baseURL: server.baseURL, client: URLSessionHTTPClient())
        let raw = try await api.send(LedgerAPI.homeSections())
        let object = try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        let types = sections.compactMap { $0["type"] as? String }
        #expect(types.contains("banner"))
        #expect(types.contains("expenses_summary"))
        #expect(types.contains("quick_actions"))
        #expect(types.contains("carousel_3d"))
        #expect(sections.contains { $0["type"] as? String == "banner" && !($0["title"] is String) })
    }
}
