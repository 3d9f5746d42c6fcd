import EssentialsTesting
import Foundation
import Testing

@testable import Validation

@Suite("Validation: the email validator's own reading of an address")
struct EmailInspectionTests {
    let validator = EmailValidator()
    let permissive = EmailValidator(options: .permissive)

    // MARK: The hostile addresses an allow-list must never match

    @Test func twoAtSignsAreNotAnAddressWhateverFollowsTheLast() {
        let inspection = validator.inspect(email: "victim@gmail.com@corp.ledger.example")
        #expect(!inspection.isStructurallySound)
        #expect(inspection.domain == nil)
        #expect(inspection.normalizedDomain == nil)
        #expect(inspection.acceptedDomain == nil)
        #expect(inspection.failures.map(\.code).contains(.emailMultipleAt))
        #expect(permissive.inspect(email: "victim@gmail.com@corp.ledger.example").acceptedDomain == nil)
    }

    @Test(arguments: [
        "attacker@corp.ledger.example\r\nBcc: victim@gmail.com",
        "victim@gmail.com\r\nBcc: x@corp.ledger.example",
        "x@corp.ledger.example\nBcc:victim@gmail.com",
        "x@corp.ledger.example\r\n",
        "x@corp.ledger.example\u{85}",
        "x@corp.ledger.example\u{2028}",
        "x\u{0}@corp.ledger.example",
    ])
    func aLineBreakOrControlCharacterAnywhereBreaksTheStructure(address: String) {
        for inspector in [validator, permissive] {
            let inspection = inspector.inspect(email: address)
            #expect(!inspection.isStructurallySound)
            #expect(inspection.domain == nil)
            #expect(inspection.acceptedDomain == nil)
            #expect(!inspection.isValid)
        }
    }

    @Test func markupInTheLocalPartIsReadButNotAccepted() {
        let inspection = validator.inspect(email: "<script>@corp.ledger.example")
        #expect(inspection.isStructurallySound)
        #expect(inspection.domain == "corp.ledger.example")
        #expect(inspection.normalizedDomain == "corp.ledger.example")
        #expect(inspection.failures.map(\.code) == [.emailInvalidCharacter])
        #expect(inspection.acceptedDomain == nil)
    }

    @Test func anAtSignInsideQuotesIsPartOfTheLocalPart() {
        let address = "\"victim@gmail.com\"@corp.ledger.example"
        let quoted = EmailValidator(options: EmailValidationOptions(allowsQuotedLocalPart: true)).inspect(
            email: address)
        #expect(quoted.isStructurallySound)
        #expect(quoted.domain == "corp.ledger.example")
        #expect(quoted.acceptedDomain == "corp.ledger.example")
        #expect(validator.inspect(email: address).acceptedDomain == nil, "quotes are refused by default")
        #expect(!validator.inspect(email: "\"a@b@corp.ledger.example").isStructurallySound, "an open quote")
    }

    @Test func anAtSignInsideAnAddressLiteralStillCounts() {
        let inspection = permissive.inspect(email: "a@[192.0.2.1@gmail.com]")
        #expect(!inspection.isStructurallySound)
        #expect(inspection.acceptedDomain == nil)
        #expect(permissive.inspect(email: "a@[192.0.2.1]").acceptedDomain == "[192.0.2.1]")
    }

    @Test(arguments: ["", "@", "a@", "@corp.ledger.example", "plain", "\"\"@corp.ledger.example", " a@b.example"])
    func emptyPartsAreNotAnAddress(address: String) {
        #expect(!permissive.inspect(email: address).isStructurallySound)
        #expect(permissive.inspect(email: address).domain == nil)
    }

    // MARK: One form for comparison

    @Test func aUnicodeDomainAndItsALabelCompareEqual() {
        let forms = [
            "ann@bücher.example", "ann@xn--bcher-kva.example", "ann@BÜCHER.Example", "ann@XN--BCHER-KVA.EXAMPLE",
            "ann@bu\u{308}cher.example",
        ]
        let domains = Set(forms.map { permissive.inspect(email: $0).acceptedDomain })
        #expect(domains == ["xn--bcher-kva.example"])
        // Without internationalized addresses the Unicode form is read but not accepted.
        #expect(validator.inspect(email: "ann@bücher.example").normalizedDomain == "xn--bcher-kva.example")
        #expect(validator.inspect(email: "ann@bücher.example").acceptedDomain == nil)
        #expect(validator.inspect(email: "ann@xn--bcher-kva.example").acceptedDomain == "xn--bcher-kva.example")
    }

    @Test func lowerCasesPlainDomains() {
        #expect(validator.inspect(email: "Ann@Corp.Ledger.EXAMPLE").acceptedDomain == "corp.ledger.example")
        #expect(validator.inspect(email: "Ann@Corp.Ledger.EXAMPLE").domain == "Corp.Ledger.EXAMPLE")
    }

    @Test func aLookAlikeDomainDoesNotCompareEqualToTheRealOne() {
        // Cyrillic "о" in place of the Latin "o".
        let lookAlike = permissive.inspect(email: "ann@c\u{43E}rp.ledger.example").acceptedDomain
        #expect(lookAlike != nil)
        #expect(lookAlike != "corp.ledger.example")
        #expect(lookAlike?.hasPrefix("xn--") == true)
    }

    @Test func aCombiningMarkAfterTheAtSignStaysInTheDomain() {
        let inspection = permissive.inspect(email: "a@\u{301}b.example")
        #expect(inspection.domain == "\u{301}b.example")
        #expect(inspection.acceptedDomain == nil)
    }

    @Test func aHugeDomainIsNotConverted() {
        let label = String(repeating: "ü", count: 40)
        let address = "a@" + Array(repeating: label, count: 5_000).joined(separator: ".") + ".example"
        let inspection = permissive.inspect(email: address)
        #expect(inspection.isStructurallySound)
        #expect(inspection.normalizedDomain == nil)
        #expect(inspection.failures.map(\.code).contains(.emailDomainTooLong))
    }

    // MARK: The same failures as validate(email:)

    @Test func reportsExactlyTheFailuresValidateReports() {
        for row in EmailCaseTable.all {
            let validator = EmailValidator(options: row.options)
            #expect(validator.inspect(email: row.address).failures == validator.validate(email: row.address))
        }
        var generator = SeededGenerator(seed: 0xD0_3A1)
        for _ in 0..<2_000 {
            let address = RandomAddress.make(using: &generator)
            for validator in [validator, permissive] {
                let inspection = validator.inspect(email: address)
                #expect(inspection.failures == validator.validate(email: address))
                if inspection.isValid {
                    #expect(inspection.isStructurallySound, "\(address.debugDescription)")
                    #expect(inspection.domain.map { address.hasSuffix("@" + $0) } == true)
                }
            }
        }
    }

    @Test func isTheSameFromManyTasks() async {
        let validator = permissive
        let addresses = (0..<200).map { "user\($0)@bücher\($0 % 7).example" }
        let expected = addresses.map(validator.inspect(email:))
        let concurrent = await withTaskGroup(of: (Int, EmailInspection).self) { group in
            for (index, address) in addresses.enumerated() {
                group.addTask { (index, validator.inspect(email: address)) }
            }
            var results = expected
            for await (index, inspection) in group { results[index] = inspection }
            return results
        }
        #expect(concurrent == expected)
    }
}
