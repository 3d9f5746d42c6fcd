import Foundation

extension LedgerFactory {
    /// The email validator every feature that takes an address uses.
    public func makeEmailValidator() -> any EmailValidating {
        EmailValidator()
    }

    /// The rules a new expense must meet before it is saved.
    func makeExpenseValidator() -> any ExpenseValidating {
        ExpenseValidator()
    }

    /// The rules an invoice must meet before it is rendered; due dates are compared in the configured calendar.
    func makeInvoiceValidator() -> any InvoiceValidating {
        InvoiceValidator(options: InvoiceValidationOptions(calendar: configuration.calendar))
    }

    /// The text every validation failure is shown with; replace the catalog here to change the wording.
    var validationMessages: ValidationMessages { .english }
}
