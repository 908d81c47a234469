// Package httpstatus keeps the status a handler answered with, for those that record or count
// answers (armfake's request recording, the tests' counted conversion webhook) without holding
// the answer itself.
package httpstatus

import "net/http"

// Writer passes an answer through and keeps its status: the first WriteHeader, or 200 when the
// handler writes a body without one, as net/http does.
type Writer struct {
	http.ResponseWriter
	Status int
}

func (w *Writer) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *Writer) Write(b []byte) (int, error) {
	if w.Status == 0 {
		w.Status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer (flushes, deadlines).
func (w *Writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }
