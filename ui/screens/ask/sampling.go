package ask

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// samplingModal lets the person play the model: the request on top, and
// below it the reply as a form of the same engine as tool arguments (text,
// or a tool_use block when tools are offered, the stop reason and the
// model's name).
type samplingModal struct {
	st      *theme.Styles
	keys    Keys
	head    render.AskHead
	ask     render.SamplingAsk
	tools   []string
	form    *schemaform.Form
	editor  *form.Model
	uses    int
	width   int
	height  int
	request []string // the request, rendered for width
	offset  int      // of the request's rows
}

var _ modal = (*samplingModal)(nil)

// samplingRequest is a sampling/createMessage's params.
type samplingRequest struct {
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	SystemPrompt     string          `json:"systemPrompt"`
	ModelPreferences json.RawMessage `json:"modelPreferences"`
	MaxTokens        int             `json:"maxTokens"`
	Temperature      *float64        `json:"temperature"`
	StopSequences    []string        `json:"stopSequences"`
	IncludeContext   string          `json:"includeContext"`
	Metadata         json.RawMessage `json:"metadata"`
	ToolChoice       json.RawMessage `json:"toolChoice"`
	Tools            []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	} `json:"tools"`
}

func newSamplingModal(st *theme.Styles, keys Keys, head render.AskHead, params json.RawMessage) (*samplingModal, error) {
	var req samplingRequest
	if err := json.Unmarshal(params, &req); err != nil {
		return nil, fmt.Errorf("sampling/createMessage: the params are not a sampling request: %w", err)
	}
	s := &samplingModal{st: st, keys: keys, head: head}
	s.ask = render.SamplingAsk{SystemPrompt: req.SystemPrompt, ModelPreferences: req.ModelPreferences,
		MaxTokens: req.MaxTokens, Temperature: req.Temperature, StopSequences: req.StopSequences,
		IncludeContext: req.IncludeContext, Metadata: req.Metadata, ToolChoice: req.ToolChoice}
	for i, msg := range req.Messages {
		blocks, err := contentBlocks(msg.Content)
		if err != nil {
			return nil, fmt.Errorf("sampling/createMessage: messages[%d]: %w", i, err)
		}
		s.ask.Messages = append(s.ask.Messages, render.SampleMessage{Role: msg.Role, Content: clientview.Blocks(blocks)})
	}
	var inputs []json.RawMessage
	for _, t := range req.Tools {
		s.ask.Tools = append(s.ask.Tools, render.SampleTool{Name: t.Name, Description: t.Description})
		s.tools = append(s.tools, t.Name)
		inputs = append(inputs, t.InputSchema)
	}
	f, err := schemaform.Compile(replySchema(s.tools, inputs))
	if err != nil {
		return nil, fmt.Errorf("sampling reply form: %w", err)
	}
	prefillDefaults(f)
	s.form = f
	s.editor = form.New(f, st)
	s.editor.SetTitle("reply")
	return s, nil
}

// contentBlocks parses a message's content, one block or an array of
// them, as a result's content blocks are parsed.
func contentBlocks(raw json.RawMessage) ([]client.Content, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] != '[' {
		raw = append(append([]byte{'['}, raw...), ']')
	}
	r, err := client.ParseCallResult(append(append([]byte(`{"content":`), raw...), '}'))
	if err != nil {
		return nil, err
	}
	return r.Content, nil
}

// stopReasons are the stop reasons the spec names, endTurn first.
var stopReasons = []string{"endTurn", "stopSequence", "maxTokens", "toolUse"}

// replySchema is the form of the person's reply. With tools offered it
// has a tool_use choice, one variant per tool, whose input is that tool's
// inputSchema (or any JSON when the schema is broken or refers outside
// itself).
func replySchema(tools []string, inputs []json.RawMessage) json.RawMessage {
	props := []string{`"text":{"type":"string","title":"text","description":"The model's reply: multi-line text, sent as a text block. Leave it unset to send only a tool_use block."}`}
	if len(tools) > 0 {
		variants := make([]string, len(tools))
		for i, name := range tools {
			in := inputs[i]
			// A schema that is not JSON, or refers outside itself, must not
			// make the request unanswerable: its input is then any JSON.
			if !json.Valid(in) || bytes.Contains(in, []byte(`"$ref"`)) {
				in = json.RawMessage(`{"description":"the tool's input, as JSON"}`)
			}
			title, _ := json.Marshal(name)
			variants[i] = `{"title":` + string(title) + `,"type":"object","properties":{"input":` + string(in) + `},"required":["input"]}`
		}
		props = append(props, `"tool_use":{"title":"tool_use","description":"Call one of the tools offered: sent as a tool_use block.","oneOf":[`+
			strings.Join(variants, ",")+`]}`)
	}
	reasons, _ := json.Marshal(stopReasons)
	props = append(props, `"stopReason":{"type":"string","enum":`+string(reasons)+`,"default":"endTurn"}`,
		`"model":{"type":"string","description":"The model name the reply claims.","default":"toolbench"}`)
	return json.RawMessage(`{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":["stopReason","model"]}`)
}

func (s *samplingModal) title() string { return "Sampling request" }

// typing: the reply form takes text.
func (s *samplingModal) typing() bool { return true }

func (s *samplingModal) update(msg tea.Msg) (modalOutcome, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, s.keys.Decline):
			return modalOutcome{done: true, err: ErrRejected, status: "rejected the sampling request"}, nil
		case key.Matches(k, s.keys.ScrollUp):
			s.offset = render.Scroll(s.offset-1, len(s.request), s.requestHeight())
			return modalOutcome{}, nil
		case key.Matches(k, s.keys.ScrollDown):
			s.offset = render.Scroll(s.offset+1, len(s.request), s.requestHeight())
			return modalOutcome{}, nil
		}
	}
	action, cmd := s.editor.Update(msg)
	switch action {
	case form.ActionSubmit, form.ActionSubmitInvalid:
		return s.reply(), cmd
	case form.ActionBack:
		return modalOutcome{done: true, err: ErrRejected, status: "rejected the sampling request"}, cmd
	}
	return modalOutcome{}, cmd
}

// reply is the CreateMessageResult the form holds: a text block, a
// tool_use block, or both as an array.
func (s *samplingModal) reply() modalOutcome {
	var r struct {
		Text    *string `json:"text"`
		ToolUse *struct {
			Input json.RawMessage `json:"input"`
		} `json:"tool_use"`
		StopReason string `json:"stopReason"`
		Model      string `json:"model"`
	}
	if err := json.Unmarshal(s.form.JSON(), &r); err != nil {
		return modalOutcome{done: true, err: fmt.Errorf("the reply form: %w", err)}
	}
	var blocks []any
	if r.Text != nil {
		blocks = append(blocks, map[string]any{"type": "text", "text": *r.Text})
	}
	if n := s.form.Root.Child("tool_use"); r.ToolUse != nil && n != nil && n.Variant() < len(s.tools) {
		s.uses++
		input := r.ToolUse.Input
		if input == nil {
			input = json.RawMessage(`{}`)
		}
		blocks = append(blocks, map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolbench-%d", s.uses),
			"name": s.tools[n.Variant()], "input": input})
	}
	var content any = map[string]any{"type": "text", "text": ""}
	switch len(blocks) {
	case 1:
		content = blocks[0]
	case 0:
	default:
		content = blocks
	}
	return answered(map[string]any{"role": "assistant", "content": content, "model": r.Model, "stopReason": r.StopReason},
		"answered the sampling request as "+r.Model)
}

func (s *samplingModal) resize(width, height int) {
	s.width, s.height = width, height
	s.request = render.Sampling(s.st, s.ask, width)
	s.offset = render.Scroll(s.offset, len(s.request), s.requestHeight())
	s.editor.SetSize(width, max(4, height-s.topHeight()-1))
}

// requestHeight is the rows the request gets: all it needs when that
// leaves the reply form its rows, else what the form leaves, and never
// less than half the body.
func (s *samplingModal) requestHeight() int {
	formNeeds := len(s.form.Root.Children()) + 6 // breadcrumb, hints, a description, the rule
	room := max(s.height/2-2, s.height-2-formNeeds)
	return max(1, min(len(s.request), room))
}

// topHeight is the heading and the request window.
func (s *samplingModal) topHeight() int { return 2 + s.requestHeight() }

func (s *samplingModal) view() []string {
	lines := render.AskHeading(s.st, s.head, s.width)
	lines = append(lines, scrolled(s.request, s.offset, s.requestHeight())...)
	return append(append(lines, s.rule()), strings.Split(s.editor.View(), "\n")...)
}

// rule separates the request from the reply, saying how much of the
// request is out of view and which keys scroll it.
func (s *samplingModal) rule() string {
	below := len(s.request) - s.offset - s.requestHeight()
	if s.offset == 0 && below <= 0 {
		return s.st.Border.Render(strings.Repeat("─", max(0, s.width)))
	}
	k := s.keys
	note := fmt.Sprintf("%s above, %d below · %s scrolls", plural.Count(s.offset, "row"), max(0, below),
		render.KeyPair(k.ScrollUp.Help().Key, k.ScrollDown.Help().Key))
	return render.Clip(s.st.Border.Render("── ")+s.st.Muted.Render(note)+s.st.Border.Render(" "+strings.Repeat("─", max(0, s.width))), s.width)
}

// answers: send the reply and reject.
func (s *samplingModal) answers() int { return 2 }

func (s *samplingModal) hints() [][2]string {
	k := s.keys
	return [][2]string{screen.Hint(k.Accept, "send the reply"), screen.Hint(k.Decline, "reject"), screen.HintPair(k.ScrollUp, k.ScrollDown, "scroll the request"),
		screen.Hint(k.CancelCall, "cancel the call")}
}
