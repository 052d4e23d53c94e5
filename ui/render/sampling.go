package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// SampleMessage is one message of a sampling request, its content parsed
// into blocks as a tool result's are.
type SampleMessage struct {
	Role    string
	Content []Block
}

// SampleTool is a tool the server offers the model.
type SampleTool struct {
	Name, Description string
}

// SamplingAsk is a sampling/createMessage request as its modal shows it.
type SamplingAsk struct {
	Messages     []SampleMessage
	SystemPrompt string
	// ModelPreferences, ToolChoice and Metadata are raw JSON, nil when
	// not sent.
	ModelPreferences, ToolChoice, Metadata json.RawMessage
	MaxTokens                              int
	Temperature                            *float64
	StopSequences                          []string
	IncludeContext                         string
	Tools                                  []SampleTool
}

// Sampling renders a sampling request: each message with its blocks (text,
// image and audio as a result shows them), the system prompt, the model
// preferences, the limits, and the tools offered. Server text is escaped.
func Sampling(st *theme.Styles, s SamplingAsk, width int) []string {
	var lines []string
	for i, msg := range s.Messages {
		lines = append(lines, heading(fmt.Sprintf("messages[%d] %s", i, termsafe.Line(msg.Role)), width, st.Heading, st.Border))
		if len(msg.Content) == 0 {
			lines = append(lines, muted(st, "(no content)", width)...)
		}
		for _, c := range msg.Content {
			if len(msg.Content) > 1 || c.Type != "text" {
				lines = append(lines, st.Muted.Render(safeLine(c.Type, width)))
			}
			lines = append(lines, block(st, c, width)...)
		}
	}
	if s.SystemPrompt != "" {
		lines = append(lines, heading("systemPrompt", width, st.Heading, st.Border))
		lines = append(lines, Wrap(termsafe.Text(s.SystemPrompt), width)...)
	}
	lines = append(lines, heading("parameters", width, st.Heading, st.Border))
	lines = append(lines, samplingParams(st, s, width)...)
	if len(s.Tools) > 0 || s.ToolChoice != nil {
		lines = append(lines, heading(fmt.Sprintf("tools offered (%d)", len(s.Tools)), width, st.Heading, st.Border))
		for _, t := range s.Tools {
			lead := "  " + st.Accent.Render(termsafe.Line(t.Name))
			if t.Description == "" {
				lines = append(lines, Clip(lead, width))
				continue
			}
			lines = append(lines, hang(lead+" ", 4, termsafe.Text(t.Description), width)...)
		}
		if s.ToolChoice != nil {
			lines = append(lines, field(st, "toolChoice", compact(s.ToolChoice), width)...)
		}
	}
	return lines
}

// samplingParams lists the request's limits and preferences, one per row.
func samplingParams(st *theme.Styles, s SamplingAsk, width int) []string {
	lines := field(st, "maxTokens", fmt.Sprint(s.MaxTokens), width)
	if s.Temperature != nil {
		lines = append(lines, field(st, "temperature", fmt.Sprint(*s.Temperature), width)...)
	}
	if len(s.StopSequences) > 0 {
		quoted := make([]string, len(s.StopSequences))
		for i, q := range s.StopSequences {
			quoted[i] = fmt.Sprintf("%q", q)
		}
		lines = append(lines, field(st, "stopSequences", strings.Join(quoted, ", "), width)...)
	}
	if s.IncludeContext != "" {
		lines = append(lines, field(st, "includeContext", s.IncludeContext, width)...)
	}
	if s.ModelPreferences != nil {
		lines = append(lines, field(st, "modelPreferences", compact(s.ModelPreferences), width)...)
	}
	if s.Metadata != nil {
		lines = append(lines, field(st, "metadata", compact(s.Metadata), width)...)
	}
	return lines
}

// field is "  name: value", the value escaped and wrapped under itself.
func field(st *theme.Styles, name, value string, width int) []string {
	return hang("  "+st.Muted.Render(name+":")+" ", len(name)+4, termsafe.Line(value), width)
}

// compact is raw JSON on one line.
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
