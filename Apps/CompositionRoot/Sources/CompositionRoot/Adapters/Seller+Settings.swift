import InvoicesFeature
import SettingsFeature

extension Seller {
    /// The company of the settings as the invoice prints it. The VAT identifier is the settings' own, or a tax id
    /// that reads as one (``LedgerSettings/Seller/invoiceVATID``), so sellers who set only the tax id keep it.
    init(settings: LedgerSettings) {
        let seller = settings.seller
        self.init(
            name: seller.name, address: seller.addressLines, taxID: seller.taxID, iban: seller.iban,
            vatID: seller.invoiceVATID, taxRegistration: seller.taxRegistration, countryCode: seller.countryCode,
            postcode: seller.postcode, city: seller.city, bic: seller.bic, email: seller.email, phone: seller.phone,
            contactName: seller.contactName)
    }
}
