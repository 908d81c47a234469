package armfake

import (
	"net/http"
	"strings"
)

// deleteNotAllowed answers a DELETE of a type whose swagger declares none (a storage account's
// blobServices/default, a SQL server's auditing settings, ...) as ARM does: 405 with the
// message Azure's resource providers give, whether the resource exists or not, since there is
// no such route. Such a resource goes only with its parent (see removeLocked).
func (h *request) deleteNotAllowed() {
	allow := []string{http.MethodPut}
	if h.ops.hasGet {
		allow = append(allow, http.MethodGet)
	}
	if h.ops.hasPatch {
		allow = append(allow, http.MethodPatch)
	}
	h.w.Header().Set("Allow", strings.Join(allow, ", "))
	writeError(h.w, http.StatusMethodNotAllowed, "MethodNotAllowed", "The requested resource does not support http method 'DELETE'.")
}
