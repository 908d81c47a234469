{{/* The labels every object carries; the Services select the pod by the first two. */}}
{{- define "armgen.labels" -}}
app.kubernetes.io/name: armgen
{{- end }}

{{/* The operator mode, with the operator's own default for an empty value. */}}
{{- define "armgen.mode" -}}
{{- .Values.azureOperatorMode | default "watchers-and-webhooks" -}}
{{- end }}

{{/* "true" when this release serves the conversion webhook. */}}
{{- define "armgen.webhooks" -}}
{{- if has (include "armgen.mode" .) (list "webhooks" "watchers-and-webhooks") }}true{{ end -}}
{{- end }}

{{/*
"true" when this release owns the cluster-wide parts (ClusterRole, CRDs, webhook): every release
but a multitenant tenant, which reconciles only and shares the cluster release's.
*/}}
{{- define "armgen.clusterWide" -}}
{{- if not (and .Values.multitenant.enable (eq (include "armgen.mode" .) "watchers")) }}true{{ end -}}
{{- end }}

{{/*
"true" when cert-manager issues this release's serving certificate: only a release that serves the
webhook renders the Certificate (cert-manager.yaml), so only it may mount the Secret cert-manager
fills; a pod mounting a Secret that never comes would never start.
*/}}
{{- define "armgen.certManager" -}}
{{- if and .Values.certManager.enabled (include "armgen.webhooks" .) (include "armgen.clusterWide" .) }}true{{ end -}}
{{- end }}

{{/* The image: image.repository as it is when it already names a tag or digest, else with image.tag or the appVersion. */}}
{{- define "armgen.image" -}}
{{- $repo := .Values.image.repository -}}
{{- if or (contains "@" $repo) (regexMatch ":[^/]+$" $repo) -}}
{{- $repo -}}
{{- else -}}
{{- printf "%s:%s" $repo (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}
{{- end }}

{{/*
The generated CRDs send conversions to armgen-webhook-service in armgen-system, and cert-manager's
CA injection reads the Certificate there. With crdManagement auto the operator rewrites both to its
own namespace as it installs or upgrades each CRD; with none, CRDs installed by someone else name
armgen-system, and a release elsewhere that serves them would never be reached.
*/}}
{{- define "armgen.checkNamespace" -}}
{{- if and (include "armgen.webhooks" .) (include "armgen.clusterWide" .) (ne .Release.Namespace "armgen-system") (ne .Values.crdManagement "auto") -}}
{{- fail (printf "namespace %q: with crdManagement %q a release that serves the conversion webhook must be installed in armgen-system, the namespace the generated CRDs name (helm install --namespace armgen-system), or set crdManagement auto so that the operator points its CRDs at its own namespace" .Release.Namespace .Values.crdManagement) -}}
{{- end -}}
{{- end }}
