package collection

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
)

func TestWriteJUnit(t *testing.T) {
	t.Parallel()
	r := &Report{Collection: "tests.yaml", Passed: 1, Failed: 1, Results: []Result{
		{Name: "sum", Tool: "get-sum", Passed: true, DurationMs: 12},
		{Name: "echo \x1b[31mred\x00", Tool: "echo", DurationMs: 1500, Failures: []Failure{
			{Check: "isError", Pointer: "/isError", Expected: json.RawMessage("false"), Got: json.RawMessage("true"), Reason: "isError is true, want false"},
			{Check: "match", Pointer: "/content/0/text", Expected: json.RawMessage(`"hi"`), Got: json.RawMessage(`"<b>\u001b]0;x\u0007"`), Reason: "not equal to the expected value"},
		}},
	}}
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	var got struct {
		XMLName xml.Name `xml:"testsuites"`
		Suites  []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Time     string `xml:"time,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Time      string `xml:"time,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Body    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not valid XML: %v\n%s", err, buf.Bytes())
	}
	if len(got.Suites) != 1 {
		t.Fatalf("suites = %d", len(got.Suites))
	}
	s := got.Suites[0]
	if s.Name != "tests.yaml" || s.Tests != 2 || s.Failures != 1 || s.Time != "1.512" || len(s.Cases) != 2 {
		t.Fatalf("suite = %+v", s)
	}
	c0, c1 := s.Cases[0], s.Cases[1]
	if c0.Name != "sum" || c0.Classname != "get-sum" || c0.Time != "0.012" || c0.Failure != nil {
		t.Errorf("case 0 = %+v", c0)
	}
	if c1.Name != "echo \uFFFD[31mred\uFFFD" || c1.Classname != "echo" || c1.Time != "1.500" || c1.Failure == nil {
		t.Fatalf("case 1 = %+v", c1)
	}
	f := c1.Failure
	if f.Type != "check" || f.Message != "isError /isError: isError is true, want false (and 1 more)" {
		t.Errorf("failure attrs = %q %q", f.Type, f.Message)
	}
	for _, want := range []string{
		"isError /isError: isError is true, want false\n  expected: false\n  got: true\n",
		"match /content/0/text: not equal to the expected value\n  expected: \"hi\"\n",
		`got: "<b>\u001b]0;x\u0007"`,
	} {
		if !strings.Contains(f.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, f.Body)
		}
	}
}
