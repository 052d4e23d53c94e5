package render

import (
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// The highlighter is a small hand-written tokenizer rather than chroma:
// chroma's package init costs about 22 ms per process start, which alone
// breaks toolbench's start-up targets, and JSON needs no lexer framework.

// JSON pretty-prints raw with a two-space indent and highlights it with
// st.JSONKey, JSONString, JSONNumber, JSONLiteral and JSONPunct, one string
// per row. Rows longer than width are hard-wrapped (width <= 0: no
// wrapping); each row carries its own styles. Strings are escaped with
// termsafe.Line, while JSON's own escapes (\n, \u001b) are kept as written.
// Invalid JSON is returned as-is, escaped and unhighlighted.
//
// JSON is one linear pass over the bytes, so 20 MB is fine. Indentation
// stops growing at half the width; containers nested deeper than 32 levels
// are printed compactly, continuing the row (hard-wrapped), so a server
// cannot turn megabytes of brackets into millions of indented rows. Nesting
// deeper than 10,000 levels counts as invalid, as it does for encoding/json
// (and so for everything else in toolbench).
func JSON(st *theme.Styles, raw []byte, width int) []string {
	s := string(raw)
	if lines, ok := highlight(st, s, width); ok {
		return lines
	}
	return plainLines(s, width)
}

// jsonStyles are the JSON styles reduced to spans once per document.
type jsonStyles struct {
	key, str, num, lit, punct, plain span
}

func newJSONStyles(st *theme.Styles) jsonStyles {
	return jsonStyles{key: newSpan(st.JSONKey), str: newSpan(st.JSONString), num: newSpan(st.JSONNumber),
		lit: newSpan(st.JSONLiteral), punct: newSpan(st.JSONPunct), plain: span{inline: true}}
}

// maxDepth is encoding/json's nesting limit: a document toolbench cannot
// decode anywhere else is not pretty-printed either, and a server sending
// megabytes of "[" costs a plain hard-wrapped rendering, not millions of
// indented rows.
const maxDepth = 10000

// compactDepth is the deepest level laid out one value per row; deeper
// containers stay on their parent's row. Without it, 20 MB of valid nested
// brackets would become 20 million rows and gigabytes of memory.
const compactDepth = 32

// maxIndent caps indentation, in columns: two per level down to
// compactDepth.
const maxIndent = 2 * compactDepth

// What the printer expects next.
const (
	wantValue = iota
	wantKey
	wantColon
	wantCommaOrClose
	wantEnd
)

// printer validates and prints in the same pass; ok is false, and the
// output is thrown away, at the first byte that is not valid JSON.
type printer struct {
	src    string
	pos    int
	stack  []byte // open containers, '{' or '['
	state  int
	sp     jsonStyles
	out    *lineBuilder
	indent string
}

// highlight is JSON for valid input only: ok reports whether s was valid.
func highlight(st *theme.Styles, s string, width int) ([]string, bool) {
	indent := maxIndent
	if width > 0 {
		indent = min(indent, width/2&^1)
	}
	p := &printer{src: s, sp: newJSONStyles(st), out: newLineBuilder(width, len(s)+len(s)/2),
		indent: strings.Repeat(" ", indent)}
	for p.skipSpace() {
		if !p.token() {
			return nil, false
		}
	}
	if p.state != wantEnd {
		return nil, false
	}
	return p.out.lines(), true
}

func (p *printer) skipSpace() bool {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return true
		}
	}
	return false
}

// token consumes one token, checking it is allowed where it stands.
func (p *printer) token() bool {
	c := p.src[p.pos]
	switch p.state {
	case wantValue:
		return p.value(c)
	case wantKey:
		if c != '"' {
			return false
		}
		p.state = wantColon
		return p.str(&p.sp.key)
	case wantColon:
		if c != ':' {
			return false
		}
		p.pos++
		p.out.put(&p.sp.punct, ":", true)
		p.out.put(&p.sp.plain, " ", true)
		p.state = wantValue
		return true
	case wantCommaOrClose:
		return p.commaOrClose(c)
	}
	return false // anything after the top-level value
}

func (p *printer) value(c byte) bool {
	p.afterValue()
	switch {
	case c == '{' || c == '[':
		return p.open(c)
	case c == '"':
		return p.str(&p.sp.str)
	case c == '-' || (c >= '0' && c <= '9'):
		end, ok := scanNumber(p.src, p.pos)
		return ok && p.emit(&p.sp.num, end)
	case c == 't' && strings.HasPrefix(p.src[p.pos:], "true"):
		return p.emit(&p.sp.lit, p.pos+4)
	case c == 'f' && strings.HasPrefix(p.src[p.pos:], "false"):
		return p.emit(&p.sp.lit, p.pos+5)
	case c == 'n' && strings.HasPrefix(p.src[p.pos:], "null"):
		return p.emit(&p.sp.lit, p.pos+4)
	}
	return false
}

// afterValue sets what may follow the value about to be read.
func (p *printer) afterValue() {
	if len(p.stack) == 0 {
		p.state = wantEnd
	} else {
		p.state = wantCommaOrClose
	}
}

// open starts a container; an empty one is printed as {} or [] on the spot.
func (p *printer) open(c byte) bool {
	if len(p.stack) == maxDepth {
		return false
	}
	p.pos++
	if !p.skipSpace() {
		return false
	}
	empty, opener := "[]", "["
	if c == '{' {
		empty, opener = "{}", "{"
	}
	if p.src[p.pos] == empty[1] {
		p.pos++
		p.out.put(&p.sp.punct, empty, true)
		return true
	}
	p.out.put(&p.sp.punct, opener, true)
	p.stack = append(p.stack, c)
	p.state = wantValue
	if c == '{' {
		p.state = wantKey
	}
	p.newline()
	return true
}

// commaOrClose handles what follows a value inside a container.
func (p *printer) commaOrClose(c byte) bool {
	top := p.stack[len(p.stack)-1]
	switch {
	case c == ',':
		p.pos++
		p.out.put(&p.sp.punct, ",", true)
		p.state = wantValue
		if top == '{' {
			p.state = wantKey
		}
		p.newline()
		return true
	case c == '}' && top == '{', c == ']' && top == '[':
		p.pos++
		// The closer goes on a row of its own only if the contents did.
		laidOut := len(p.stack) <= compactDepth
		p.stack = p.stack[:len(p.stack)-1]
		if laidOut {
			p.newline()
		}
		p.out.put(&p.sp.punct, p.src[p.pos-1:p.pos], true)
		p.afterValue()
		return true
	}
	return false
}

// str prints the string at pos as a key or a value.
func (p *printer) str(sp *span) bool {
	end, clean, ok := scanString(p.src, p.pos)
	if !ok {
		return false
	}
	text := p.src[p.pos:end]
	if !clean {
		// Valid JSON may still hold DEL, C1 controls, bidi overrides and
		// invalid UTF-8 as raw bytes; termsafe shows them escaped.
		text = termsafe.Line(text)
	}
	p.pos = end
	p.out.put(sp, text, clean)
	return true
}

// emit prints src[pos:end], a number or literal, which is always ASCII.
func (p *printer) emit(sp *span, end int) bool {
	p.out.put(sp, p.src[p.pos:end], true)
	p.pos = end
	return true
}

// newline starts a row indented for the current depth, unless the depth
// is past compactDepth.
func (p *printer) newline() {
	if len(p.stack) > compactDepth {
		return
	}
	p.out.newline()
	if n := min(2*len(p.stack), len(p.indent)); n > 0 {
		p.out.put(&p.sp.plain, p.indent[:n], true)
	}
}

// plainLines is the fallback for text that is not JSON: escaped, split into
// rows, hard-wrapped, and otherwise as sent.
func plainLines(s string, width int) []string {
	s = termsafe.Text(s)
	lb := newLineBuilder(width, len(s)+len(s)/8)
	plain := span{inline: true}
	first := true
	for line := range strings.SplitSeq(s, "\n") {
		if !first {
			lb.newline()
		}
		first = false
		lb.put(&plain, strings.ReplaceAll(line, "\t", tab), false)
	}
	return lb.lines()
}
