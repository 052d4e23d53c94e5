package collection

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// The JUnit XML shape CI systems read: one suite, a case per test.
type (
	junitSuites struct {
		XMLName xml.Name     `xml:"testsuites"`
		Suites  []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Time     string      `xml:"time,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitFailure `xml:"failure,omitempty"`
	}
	junitFailure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Body    string `xml:",chardata"`
	}
)

// WriteJUnit writes the report as JUnit XML: one testsuite, a testcase per
// test, a failure element for each failing one holding all its failures.
// encoding/xml writes characters XML cannot hold (a server's control
// characters) as U+FFFD, so the document stays valid whatever came back.
func WriteJUnit(w io.Writer, r *Report) error {
	suite := junitSuite{Name: r.Collection, Tests: len(r.Results), Failures: r.Failed}
	var total int64
	for _, res := range r.Results {
		total += res.DurationMs
		c := junitCase{Name: res.Name, Classname: res.Tool, Time: seconds(res.DurationMs)}
		if !res.Passed {
			c.Failure = &junitFailure{Message: failureMessage(res), Type: "check", Body: failureBody(res)}
		}
		suite.Cases = append(suite.Cases, c)
	}
	suite.Time = seconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(junitSuites{Suites: []junitSuite{suite}}); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	return nil
}

func seconds(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }

// failureMessage is the first failure in a line, and how many more.
func failureMessage(res Result) string {
	if len(res.Failures) == 0 {
		return "failed"
	}
	msg := FailureLine(res.Failures[0])
	if n := len(res.Failures) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more)", n)
	}
	return msg
}

// failureBody is every failure with its evidence.
func failureBody(res Result) string {
	var b strings.Builder
	for _, f := range res.Failures {
		b.WriteString(FailureLine(f) + "\n")
		if f.Expected != nil {
			b.WriteString("  expected: " + string(f.Expected) + "\n")
		}
		if f.Got != nil {
			b.WriteString("  got: " + string(f.Got) + "\n")
		}
	}
	return b.String()
}

// FailureLine says a failure in one line: the check, where, and why.
func FailureLine(f Failure) string {
	if f.Pointer != "" {
		return f.Check + " " + f.Pointer + ": " + f.Reason
	}
	return f.Check + ": " + f.Reason
}
