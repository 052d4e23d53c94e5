package check

import (
	"encoding/json"
	"fmt"
)

// Severity ranks a finding.
type Severity int

// Severities, most serious first. Errors are what breaks a tool for a
// model or a client; warnings what makes models misuse it; infos are
// suggestions (and portability notes for other providers).
const (
	Error Severity = iota
	Warning
	Info
)

var severityNames = [...]string{"error", "warning", "info"}

// String names the severity as JSON and SARIF spell it.
func (s Severity) String() string {
	if s < Error || s > Info {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// MarshalJSON writes the severity's name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// ParseSeverity reads a severity name.
func ParseSeverity(name string) (Severity, error) {
	for i, n := range severityNames {
		if n == name {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", name)
}

// Finding is one thing lint has to say about a tool.
type Finding struct {
	// Rule is a stable id such as "param-description-missing".
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Tool     string   `json:"tool"`
	// Pointer locates the problem in the tool object as sent:
	// "/inputSchema/properties/unit/description".
	Pointer string `json:"pointer"`
	// Field locates the value the problem is about in the arguments, for a
	// form to jump to: "/shipping_address/phone"; "*" stands for any list
	// item. Empty when the finding is about the tool as a whole.
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	// Fix says concretely what to change.
	Fix string `json:"fix"`
	// Blocks names the model-API tool formats (provider names such as
	// "openai-strict") whose converted form this finding makes unusable
	// as is. It is not a severity: a portability problem is an info
	// wherever it is reported, in lint and in the provider's view alike,
	// and Blocks says for which providers it is a blocker. Empty for the
	// design rules and for what a conversion only changes.
	Blocks []string `json:"blocks,omitempty"`
}

// Blocking reports whether the finding makes some provider's converted
// form of the tool unusable as is.
func (f Finding) Blocking() bool { return len(f.Blocks) > 0 }
