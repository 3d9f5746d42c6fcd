@testable import InvoicesFeature

// The Networking package still exports an older copy of the invoices resource; these names pick this feature's.
typealias InvoiceUploading = InvoicesFeature.InvoiceUploading
typealias InvoiceUpload = InvoicesFeature.InvoiceUpload
typealias StoredInvoice = InvoicesFeature.StoredInvoice
