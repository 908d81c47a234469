package golang

import "strings"

// stmt is a statement of a function written as text (see goText): a simple statement, or a
// block with its header ("if x != nil", "for _, v := range xs") and body, and an else block.
// The ARM conversion builders return lists of them rather than writing at once because a
// caller may still wrap them in a guard or fold them into a declaration (declare).
type stmt struct {
	// text is the simple statement, or the header of a block.
	text  string
	block bool
	body  []stmt
	// elseBody, when set, follows the block after "} else {".
	elseBody []stmt
	// lhs and rhs are the sides of a plain assignment, so that declare can recognise one.
	lhs, rhs string
	// assigns marks an assignment, plain or short (:=).
	assigns bool
	// blank puts an empty line before the statement, and comments (whole // lines) come
	// between that and the statement: for statements of a function body.
	blank    bool
	comments []string
}

func assignStmt(lhs, rhs string) stmt {
	return stmt{text: lhs + " = " + rhs, lhs: lhs, rhs: rhs, assigns: true}
}

// defineStmt is "names := value".
func defineStmt(names, value string) stmt { return stmt{text: names + " := " + value, assigns: true} }

func simpleStmt(text string) stmt { return stmt{text: text} }

func ifBlock(cond string, body ...stmt) stmt {
	return stmt{text: "if " + cond, block: true, body: body}
}

// rangeBlock is "for key, value := range x"; value may be empty.
func rangeBlock(key, value, x string, body ...stmt) stmt {
	head := "for " + key
	if value != "" {
		head += ", " + value
	}
	return stmt{text: head + " := range " + x, block: true, body: body}
}

// stmts writes statements at the writer's depth, one a line, blocks indented, as gofmt lays
// them out.
func (w *goText) stmts(list []stmt) {
	for _, s := range list {
		if s.blank {
			w.buf.WriteByte('\n')
		}
		for _, c := range s.comments {
			w.indent()
			w.buf.WriteString(c)
			w.buf.WriteByte('\n')
		}
		if !s.block {
			w.indent()
			w.buf.WriteString(s.text)
			w.buf.WriteByte('\n')
			continue
		}
		w.indent()
		w.buf.WriteString(s.text)
		w.buf.WriteString(" {\n")
		w.depth++
		w.stmts(s.body)
		w.depth--
		if s.elseBody != nil {
			w.indent()
			w.buf.WriteString("} else {\n")
			w.depth++
			w.stmts(s.elseBody)
			w.depth--
		}
		w.indent()
		w.buf.WriteString("}\n")
	}
}

// Expressions written as text. Each takes and returns Go source; none needs parentheses for the
// operands the builders give them, as gofmt would write none.

// derefText is *x.
func derefText(x string) string { return "*" + x }

// addrText is &x.
func addrText(x string) string { return "&" + x }

// receiverText is x as the receiver of a method call: p rather than (*p).
func receiverText(x string) string { return strings.TrimPrefix(x, "*") }

// addrOfText is a pointer to x: p rather than &*p.
func addrOfText(x string) string {
	if strings.HasPrefix(x, "*") {
		return x[1:]
	}
	return "&" + x
}

// indexText is x[i], with parentheses around a pointer dereference: (*x)[i].
func indexText(x, i string) string {
	if strings.HasPrefix(x, "*") {
		x = "(" + x + ")"
	}
	return x + "[" + i + "]"
}

// callText is fn(args...).
func callText(fn string, args ...string) string {
	return fn + "(" + strings.Join(args, ", ") + ")"
}
