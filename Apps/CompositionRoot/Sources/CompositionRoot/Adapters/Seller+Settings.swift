import InvoicesFeature
import SettingsFeature

extension Seller {
    /// The company of the settings as the invoice prints it: the name, the address lines, then the tax id and the
    /// IBAN when they are set.
    init(settings: LedgerSettings) {
        let seller = settings.seller
        self.init(
            name: seller.name,
            address: seller.addressLines + (seller.taxID.map { ["VAT ID \($0)"] } ?? [])
                + (seller.iban.map { ["IBAN \($0)"] } ?? []))
    }
}
