import Testing
import Validation
import ValidationTesting

@Suite("ValidationTesting: stub validator")
struct StubValidatorTests {
    @Test func answersWithConfiguredFailuresAndRecordsCalls() {
        let stub = StubEmailValidator(failures: [ValidationFailure(code: .emailMissingAt)])
        #expect(stub.validate(email: "x").codes == [.emailMissingAt])
        #expect(stub.validate(email: "").codes == [.emailMissingAt])
        #expect(stub.validatedAddresses == ["x", ""])
        #expect(stub.callCount == 2)
    }

    @Test func theInspectorAnswersWithItsInspectionAndRecordsAddresses() async {
        let accepted = EmailInspection(
            failures: [], isStructurallySound: true, domain: "Corp.Example", normalizedDomain: "corp.example")
        let stub = StubEmailInspector(inspection: accepted)
        #expect(stub.inspect(email: "a@Corp.Example").acceptedDomain == "corp.example")
        let inspector: any EmailInspecting = stub
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 { group.addTask { _ = inspector.inspect(email: "user\(index)") } }
        }
        #expect(stub.inspectedAddresses.count == 51)
        #expect(stub.inspectedAddresses.first == "a@Corp.Example")
        let perAddress = StubEmailInspector { address in
            EmailInspection(failures: [], isStructurallySound: true, domain: address, normalizedDomain: address)
        }
        #expect(perAddress.inspect(email: "x").domain == "x")
    }

    @Test func acceptsEverythingByDefault() {
        let stub = StubValidator<String>()
        #expect(stub.validate(url: "javascript:alert(1)").isEmpty)
        #expect(stub.recordedValues == ["javascript:alert(1)"])
    }

    @Test func answersPerValue() {
        let stub = StubValidator<Int> { $0 < 0 ? [ValidationFailure(code: .unexpectedlyValid)] : [] }
        #expect(stub.validate(-1).count == 1)
        #expect(stub.validate(1).isEmpty)
        #expect(stub.recordedValues == [-1, 1])
    }

    @Test func standsInForEveryCapability() {
        let invoices = StubValidator<InvoiceDraft>(failures: [
            ValidationFailure(code: .invoiceNoLineItems, path: "lineItems")
        ])
        let asProtocol: any InvoiceValidating = invoices
        #expect(asProtocol.validate(invoice: .sample()).codes == [.invoiceNoLineItems])
        #expect(invoices.recordedValues == [.sample()])

        let expenses = StubValidator<ExpenseEntryDraft>()
        let expenseProtocol: any ExpenseValidating = expenses
        #expect(expenseProtocol.validate(expense: .sample()).isEmpty)
        #expect(expenses.callCount == 1)

        let urls: any URLValidating = StubValidator<String>(failures: [ValidationFailure(code: .urlEmpty)])
        #expect(urls.validate(url: "").codes == [.urlEmpty])
    }

    @Test func plugsIntoComposedValidatorsAndRecordsThroughThem() {
        struct SignUp {
            var email: String
        }
        let stub = StubEmailValidator(failures: [ValidationFailure(code: .emailMultipleAt)])
        let form: Validator<SignUp> = .field("email", \.email, .email(stub)) && .field("email", \.email, stub.validator)
        #expect(
            form.validate(SignUp(email: "a@b@c"))
                == [
                    ValidationFailure(code: .emailMultipleAt, path: "email"),
                    ValidationFailure(code: .emailMultipleAt, path: "email"),
                ])
        #expect(stub.validatedAddresses == ["a@b@c", "a@b@c"])
    }

    @Test func recordsEveryCallFromManyTasks() async {
        let stub = StubValidator<Int>()
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<1_000 { group.addTask { _ = stub.validate(value) } }
        }
        #expect(stub.callCount == 1_000)
        #expect(Set(stub.recordedValues) == Set(0..<1_000))
    }
}
