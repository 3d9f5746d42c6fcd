"""Scripts/einvoice-check on hand-written CII invoices (fixtures/einvoice) and on PDFs made here with pikepdf: the
valid invoices pass, each broken one fails naming the rule it breaks, a Factur-X PDF passes and one without /AF
fails; and Scripts/bench-facturx-peer's output passes the check. The checks need the pinned e-invoice tooling
(Scripts/lib/tools.sh, installed with pip); without it the tests are skipped with the reason."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import unittest

from Tests.fixtures import SCRIPTS

TOOLS = os.path.join(SCRIPTS, "lib", "tools.sh")
CHECK = os.path.join(SCRIPTS, "einvoice-check")
PEER = os.path.join(SCRIPTS, "bench-facturx-peer")
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "einvoice")


def tooling_python() -> str:
    """The tooling environment's python; skips the calling test class when pip cannot install the tools."""
    installed = subprocess.run(["bash", "-c", f'source "{TOOLS}" && ensure_python_packages einvoice '
                                              '"${EINVOICE_REQUIREMENTS[@]}"'], capture_output=True, text=True)
    if installed.returncode != 0:
        raise unittest.SkipTest(f"the e-invoice tooling could not be installed with pip here: {installed.stderr[-500:]}")
    return installed.stdout.strip().splitlines()[-1]


def check(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([CHECK, *arguments], capture_output=True, text=True)


def fixture(name: str) -> str:
    return os.path.join(FIXTURES, name)


def rules(result: subprocess.CompletedProcess) -> set[str]:
    """The rule ids a --json run reports."""
    return {problem["rule"] for file in json.loads(result.stdout)["files"] for problem in file["problems"]}


# Builds a minimal Factur-X PDF/A-3 (one bare page, the attachment, the XMP, an sRGB output intent) with pikepdf:
# argv: XML, OUTPUT, and "no-af" to leave the catalog's /AF out.
BUILD_PDF = r'''
import sys, pikepdf
from PIL import ImageCms
xml_path, output, variant = sys.argv[1], sys.argv[2], sys.argv[3]
pdf = pikepdf.new()
pdf.add_blank_page()
with open(xml_path, "rb") as handle:
    data = handle.read()
stream = pikepdf.Stream(pdf, data)
stream.Type = pikepdf.Name.EmbeddedFile
stream.Subtype = pikepdf.Name("/text/xml")
stream.Params = pikepdf.Dictionary(ModDate=pikepdf.String("D:20260115120000+00'00'"), Size=len(data))
spec = pdf.make_indirect(pikepdf.Dictionary(
    Type=pikepdf.Name.Filespec, F=pikepdf.String("factur-x.xml"), UF=pikepdf.String("factur-x.xml"),
    EF=pikepdf.Dictionary(F=stream, UF=stream), AFRelationship=pikepdf.Name.Data))
pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(
    Names=pikepdf.Array([pikepdf.String("factur-x.xml"), spec])))
if variant != "no-af":
    pdf.Root.AF = pikepdf.Array([spec])
icc = pikepdf.Stream(pdf, ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
icc.N = 3
pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
    Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFA1, OutputConditionIdentifier=pikepdf.String("sRGB"),
    DestOutputProfile=icc)])
xmp = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="3">
<pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
<fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
 xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"><pdfaExtension:schemas><rdf:Bag>
<rdf:li rdf:parseType="Resource"><pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix></rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>"""
metadata = pikepdf.Stream(pdf, xmp.encode("utf-8"))
metadata.Type = pikepdf.Name.Metadata
metadata.Subtype = pikepdf.Name.XML
pdf.Root.Metadata = metadata
pdf.save(output)
'''


class XMLTests(unittest.TestCase):
    """Two runs over the fixture folder (loading the XSD and the XSLT once each), without and with --xrechnung."""

    @classmethod
    def setUpClass(cls) -> None:
        tooling_python()
        cls.plain = check("--json", FIXTURES)
        cls.xrechnung = check("--xrechnung", "--json", FIXTURES)

    def problems(self, result: subprocess.CompletedProcess, name: str) -> list[dict]:
        files = {os.path.basename(file["path"]): file for file in json.loads(result.stdout)["files"]}
        return files[name]["problems"]

    def test_the_valid_invoices_pass(self) -> None:
        for name in ("valid-standard-rate.xml", "valid-reverse-charge.xml", "valid-mixed-rates-allowance.xml"):
            self.assertEqual(self.problems(self.plain, name), [], name)

    def test_a_run_fails_when_a_file_fails_and_counts_them(self) -> None:
        self.assertEqual(self.plain.returncode, 1, self.plain.stderr)
        document = json.loads(self.plain.stdout)
        self.assertEqual((document["passed"], document["failed"]), (3, 4))

    def test_a_vat_amount_that_is_not_base_times_rate_breaks_br_co_17(self) -> None:
        self.assertIn("BR-CO-17", {problem["rule"] for problem in self.problems(self.plain, "invalid-br-co-17.xml")})

    def test_an_element_the_schema_does_not_allow_is_a_schema_error(self) -> None:
        problems = self.problems(self.plain, "invalid-schema.xml")
        self.assertEqual([problem["rule"] for problem in problems], ["schema"])
        self.assertRegex(problems[0]["message"], r"line 14: .*Colour.*not expected")

    def test_an_xrechnung_invoice_passes_the_xrechnung_checks(self) -> None:
        self.assertEqual(self.problems(self.xrechnung, "xrechnung-valid.xml"), [])

    def test_an_xrechnung_invoice_without_buyer_reference_breaks_br_de_15(self) -> None:
        problems = self.problems(self.xrechnung, "invalid-xrechnung-missing-buyer-reference.xml")
        self.assertEqual([problem["rule"] for problem in problems], ["BR-DE-15"])

    def test_an_en16931_invoice_is_not_an_xrechnung_one(self) -> None:
        problems = self.problems(self.xrechnung, "valid-reverse-charge.xml")
        self.assertEqual([problem["rule"] for problem in problems], ["BR-DE-21"])

    def test_the_text_output_names_each_file_and_problem(self) -> None:
        result = check(fixture("valid-standard-rate.xml"), fixture("invalid-schema.xml"))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(f"ok {fixture('valid-standard-rate.xml')}\n", result.stdout)
        self.assertIn(f"FAIL {fixture('invalid-schema.xml')}: 1 problem\n    schema: line 14: ", result.stdout)
        self.assertIn("einvoice-check: 2 file(s), 1 ok, 1 failed", result.stdout)

    def test_help_comes_from_the_header(self) -> None:
        result = check("--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("USAGE: Scripts/einvoice-check", result.stdout)
        self.assertIn("BR-DE-15", result.stdout)


class PDFTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        python = tooling_python()
        cls.folder = tempfile.TemporaryDirectory()
        cls.good = os.path.join(cls.folder.name, "good.pdf")
        cls.no_af = os.path.join(cls.folder.name, "no-af.pdf")
        for output, variant in ((cls.good, "full"), (cls.no_af, "no-af")):
            subprocess.run([python, "-c", BUILD_PDF, fixture("valid-standard-rate.xml"), output, variant],
                           check=True, capture_output=True)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.folder.cleanup()

    def test_a_factur_x_pdf_passes(self) -> None:
        result = check(self.good)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_a_pdf_whose_catalog_does_not_list_the_xml_in_af_fails(self) -> None:
        result = check("--json", self.no_af)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        messages = [problem["message"] for problem in json.loads(result.stdout)["files"][0]["problems"]]
        self.assertEqual(messages, ["factur-x.xml is not listed in the catalog's /AF array"])

    def test_the_totals_must_appear_in_the_text(self) -> None:
        # The bare page has no text, so none of the embedded invoice's totals appear on it.
        result = check("--totals", "--json", self.good)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        messages = [problem["message"] for problem in json.loads(result.stdout)["files"][0]["problems"]]
        self.assertIn("BT-112 1190.00 does not appear in the PDF's text", messages)
        self.assertIn("BT-117 190.00 does not appear in the PDF's text", messages)


class PeerTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        tooling_python()

    def test_the_benchmark_peer_writes_an_invoice_that_passes_the_check(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            output = os.path.join(folder, "invoice.pdf")
            # 60 lines: more than one page.
            run = subprocess.run([PEER, "--lines", "60", "--runs", "1", "--output", output],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stderr)
            figures = json.loads(run.stdout)
            self.assertEqual(figures["lines"], 60)
            self.assertGreater(figures["pages"], 1)
            result = check("--totals", output)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()


class AmountDigitsTests(unittest.TestCase):
    """Totals are compared as the digits the XML writes, in the currency's own decimals."""

    def test_amounts_keep_the_decimals_the_xml_states(self) -> None:
        import importlib.machinery
        import importlib.util

        loader = importlib.machinery.SourceFileLoader("einvoice_check", CHECK)
        spec = importlib.util.spec_from_loader("einvoice_check", loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        self.assertEqual(module.digits("49171"), "49171")  # JPY: no decimals, printed as ¥49,171
        self.assertEqual(module.digits("1234.50"), "123450")
        self.assertEqual(module.digits("-0.70"), "070")
        self.assertIsNone(module.digits("twelve"))
