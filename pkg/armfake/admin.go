package armfake

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// adminPrefix is where the admin endpoint lives. It is outside every ARM and Entra path, needs
// no token and is never recorded, so reading the record does not change it.
const adminPrefix = "/armfake/"

// serveAdmin answers:
//
//	GET    /armfake/requests   the recorded requests (JSON array)
//	DELETE /armfake/requests   forget them
//	GET    /armfake/resources  the IDs of existing resources
//	GET    /armfake/faults     (POST: add one fault as JSON; DELETE: remove all)
//	GET    /armfake/info       catalogue size, load time, endpoints
func (s *Server) serveAdmin(w http.ResponseWriter, r *http.Request) {
	switch strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, adminPrefix), "/") {
	case "requests":
		switch r.Method {
		case http.MethodGet:
			writeJSON(w, http.StatusOK, s.Requests())
		case http.MethodDelete:
			s.ResetRequests()
			w.WriteHeader(http.StatusNoContent)
		default:
			writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "GET or DELETE")
		}
	case "resources":
		writeJSON(w, http.StatusOK, s.ResourceIDs())
	case "faults":
		switch r.Method {
		case http.MethodGet:
			s.faults.mu.Lock()
			list := make([]Fault, 0, len(s.faults.faults))
			for _, f := range s.faults.faults {
				list = append(list, f.Fault)
			}
			s.faults.mu.Unlock()
			writeJSON(w, http.StatusOK, list)
		case http.MethodPost:
			var f Fault
			data, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err := json.Unmarshal(data, &f); err != nil {
				writeError(w, http.StatusBadRequest, "InvalidRequestContent", "fault: "+err.Error())
				return
			}
			if err := s.AddFault(f); err != nil {
				writeError(w, http.StatusBadRequest, "InvalidRequestContent", "fault: "+err.Error())
				return
			}
			w.WriteHeader(http.StatusCreated)
		case http.MethodDelete:
			s.ClearFaults()
			w.WriteHeader(http.StatusNoContent)
		default:
			writeError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "GET, POST or DELETE")
		}
	case "info":
		types, versions := s.ResourceTypes()
		writeJSON(w, http.StatusOK, map[string]any{
			"url": s.URL(), "authorityHost": s.AuthorityHost(), "caFile": s.CAFile(), "tenantId": s.opts.TenantID,
			"resourceTypes": types, "typeVersions": versions, "loadTime": s.LoadTime().String(), "warnings": s.Warnings(),
		})
	default:
		writeError(w, http.StatusNotFound, "NotFound", "admin endpoints: requests, resources, faults, info")
	}
}
