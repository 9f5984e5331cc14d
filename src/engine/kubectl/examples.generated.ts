// GENERATED FILE - DO NOT EDIT.
// Written by scripts/generate-examples.ts (`npx tsx scripts/generate-examples.ts`) from
// public/examples/** and public/examples/index.json. Edit those and run the script again.

export interface BundledExampleEntry {
  /** Path below k8s.io/examples/ (or the bare file name the docs use). */
  path: string;
  title: string;
  /** Kinds of the objects in the file, in document order. */
  kinds: string[];
  /** Seed document and section the manifest comes from. */
  seed: string;
  /** `shown`: the manifest is in the seed text; `linked`: only a page the seed links to shows it. */
  origin: 'shown' | 'linked';
  /** Whether https://k8s.io/examples/<path> serves this file. */
  upstream: boolean;
  note?: string;
}

export const bundledExamples: Record<string, string> = {
  'application/job/cronjob.yaml': `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            imagePullPolicy: IfNotPresent
            command:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
          restartPolicy: OnFailure
`,
  'application/web/web.yaml': `apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.21
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
`,
  'controllers/daemonset.yaml': `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      tolerations:
      - key: node-role.kubernetes.io/master
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: gcr.io/fluentd-elasticsearch/fluentd:v2.5.1
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
`,
  'controllers/frontend.yaml': `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
    tier: frontend
spec:
  # modify replicas according to your case
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: gcr.io/google_samples/gb-frontend:v3
`,
  'controllers/hpa-rs.yaml': `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: frontend-scaler
spec:
  scaleTargetRef:
    kind: ReplicaSet
    name: frontend
  minReplicas: 3
  maxReplicas: 10
  targetCPUUtilizationPercentage: 50
`,
  'controllers/job.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 4
`,
  'controllers/nginx-deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
        ports:
        - containerPort: 80
`,
  'controllers/replicaset.yaml': `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: my-repset
spec:
  replicas: 3
  selector:
    matchLabels:
      pod-is-for: garbage-collection-example
  template:
    metadata:
      labels:
        pod-is-for: garbage-collection-example
    spec:
      containers:
      - name: nginx
        image: nginx
`,
  'controllers/replication.yaml': `apiVersion: v1
kind: ReplicationController
metadata:
  name: nginx
spec:
  replicas: 3
  selector:
    app: nginx
  template:
    metadata:
      name: nginx
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
`,
  'controllers/statefulset.yaml': `apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: nginx # has to match .spec.template.metadata.labels
  serviceName: "nginx"
  replicas: 3 # by default is 1
  template:
    metadata:
      labels:
        app: nginx # has to match .spec.selector.matchLabels
    spec:
      terminationGracePeriodSeconds: 10
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.8
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      storageClassName: "my-storage-class"
      resources:
        requests:
          storage: 1Gi
`,
  'ec.json': `{
    "apiVersion": "v1",
    "kind": "EphemeralContainers",
    "metadata": {
        "name": "example-pod"
    },
    "ephemeralContainers": [{
        "command": [
            "sh"
        ],
        "image": "busybox",
        "imagePullPolicy": "IfNotPresent",
        "name": "debugger",
        "stdin": true,
        "tty": true,
        "terminationMessagePolicy": "File"
    }]
}
`,
  'job-pi-with-timeout.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: pi-with-timeout
spec:
  backoffLimit: 5
  activeDeadlineSeconds: 100
  template:
    spec:
      containers:
      - name: pi
        image: perl
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
`,
  'job-pi-with-ttl.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: pi-with-ttl
spec:
  ttlSecondsAfterFinished: 100
  template:
    spec:
      containers:
      - name: pi
        image: perl
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
`,
  'myapp.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
  labels:
    app.kubernetes.io/name: MyApp
spec:
  containers:
  - name: myapp-container
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done"]
  - name: init-mydb
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done"]
`,
  'node.json': `{
  "kind": "Node",
  "apiVersion": "v1",
  "metadata": {
    "name": "10.240.79.157",
    "labels": {
      "name": "my-first-k8s-node"
    }
  }
}
`,
  'pods/init-containers.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: init-demo
spec:
  containers:
  - name: nginx
    image: nginx
    ports:
    - containerPort: 80
    volumeMounts:
    - name: workdir
      mountPath: /usr/share/nginx/html
  # These containers are run during pod initialization
  initContainers:
  - name: install
    image: busybox:1.28
    command:
    - wget
    - "-O"
    - "/work-dir/index.html"
    - http://info.cern.ch
    volumeMounts:
    - name: workdir
      mountPath: "/work-dir"
  dnsPolicy: Default
  volumes:
  - name: workdir
    emptyDir: {}
`,
  'pods/pod-rs.yaml': `apiVersion: v1
kind: Pod
metadata:
  name: pod1
  labels:
    tier: frontend
spec:
  containers:
  - name: hello1
    image: gcr.io/google-samples/hello-app:2.0

---

apiVersion: v1
kind: Pod
metadata:
  name: pod2
  labels:
    tier: frontend
spec:
  containers:
  - name: hello2
    image: gcr.io/google-samples/hello-app:1.0
`,
  'policy/zookeeper-pod-disruption-budget-maxunavailable.yaml': `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: zookeeper
`,
  'policy/zookeeper-pod-disruption-budget-minavailable.yaml': `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: zk-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: zookeeper
`,
  'services.yaml': `---
apiVersion: v1
kind: Service
metadata:
  name: myservice
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: 9376
---
apiVersion: v1
kind: Service
metadata:
  name: mydb
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: 9377
`,
};

export const bundledExampleIndex: readonly BundledExampleEntry[] = [
  {"path":"controllers/frontend.yaml","title":"ReplicaSet frontend (3 guestbook frontend Pods)","kinds":["ReplicaSet"],"seed":"004 §2.1 ReplicaSet","origin":"shown","upstream":true},
  {"path":"pods/pod-rs.yaml","title":"Pods pod1 and pod2 matching the frontend selector","kinds":["Pod"],"seed":"004 §2.1 ReplicaSet","origin":"shown","upstream":true},
  {"path":"controllers/hpa-rs.yaml","title":"HorizontalPodAutoscaler frontend-scaler for the frontend ReplicaSet","kinds":["HorizontalPodAutoscaler"],"seed":"004 §2.1 ReplicaSet","origin":"shown","upstream":true,"note":"As the seed shows it: scaleTargetRef has no apiVersion (current upstream adds apiVersion: apps/v1)."},
  {"path":"controllers/replication.yaml","title":"ReplicationController nginx (3 replicas)","kinds":["ReplicationController"],"seed":"004 §2.2 ReplicationController","origin":"shown","upstream":true},
  {"path":"controllers/nginx-deployment.yaml","title":"Deployment nginx-deployment (3 nginx:1.7.9 Pods)","kinds":["Deployment"],"seed":"004 §2.3 Deployment","origin":"shown","upstream":true,"note":"As the seed shows it: nginx:1.7.9 and label app: nginx (current upstream uses nginx:1.14.2)."},
  {"path":"controllers/statefulset.yaml","title":"StatefulSet web with headless Service nginx (storage class my-storage-class)","kinds":["Service","StatefulSet"],"seed":"004 §2.4 StatefulSets","origin":"shown","upstream":true,"note":"Shown inline in the seed; upstream publishes this manifest as controllers/statefulset.yaml (now with minReadySeconds: 10 and a newer nginx-slim tag)."},
  {"path":"controllers/daemonset.yaml","title":"DaemonSet fluentd-elasticsearch in kube-system","kinds":["DaemonSet"],"seed":"004 §2.5 DaemonSet","origin":"shown","upstream":true},
  {"path":"controllers/replicaset.yaml","title":"ReplicaSet my-repset (garbage collection example)","kinds":["ReplicaSet"],"seed":"004 §2.6 Garbage collection","origin":"shown","upstream":true},
  {"path":"controllers/job.yaml","title":"Job pi (computes 2000 digits of π)","kinds":["Job"],"seed":"004 §2.8 Jobs","origin":"shown","upstream":true,"note":"After a failed pod the Job waits 10 s, 20 s, 40 s … before the next one. The docs say this back-off is capped at six minutes; current Kubernetes (and Kubeplay) caps it at ten."},
  {"path":"myapp.yaml","title":"Pod myapp-pod with two init containers","kinds":["Pod"],"seed":"004 §1.3 Init containers","origin":"shown","upstream":false,"note":"Inline in the docs, which save it as myapp.yaml; no k8s.io/examples URL. Container messages are the English originals."},
  {"path":"services.yaml","title":"Services myservice and mydb awaited by myapp-pod","kinds":["Service"],"seed":"004 §1.3 Init containers","origin":"shown","upstream":false,"note":"Inline in the docs, which save it as services.yaml; no k8s.io/examples URL."},
  {"path":"ec.json","title":"EphemeralContainers debugger for example-pod","kinds":["EphemeralContainers"],"seed":"004 §1.5 Ephemeral containers","origin":"shown","upstream":false,"note":"Used with kubectl replace --raw /api/v1/namespaces/default/pods/example-pod/ephemeralcontainers -f ec.json, not kubectl apply."},
  {"path":"job-pi-with-timeout.yaml","title":"Job pi-with-timeout (activeDeadlineSeconds: 100)","kinds":["Job"],"seed":"004 §2.8 Jobs","origin":"shown","upstream":false,"note":"Inline in the docs without a file name; the name is Kubeplay's."},
  {"path":"job-pi-with-ttl.yaml","title":"Job pi-with-ttl (ttlSecondsAfterFinished: 100)","kinds":["Job"],"seed":"004 §2.8 Jobs (TTL mechanism; see §2.7)","origin":"shown","upstream":false,"note":"Inline in the docs without a file name; the name is Kubeplay's."},
  {"path":"node.json","title":"Node 10.240.79.157 created by hand","kinds":["Node"],"seed":"000/001/002/003 Nodes — Management","origin":"shown","upstream":false,"note":"Inline JSON in all four Nodes pages without a file name; the name is Kubeplay's."},
  {"path":"pods/init-containers.yaml","title":"Pod init-demo whose init container fills the nginx web root","kinds":["Pod"],"seed":"004 §1.3 Init containers (next steps: Configure Pod Initialization)","origin":"linked","upstream":true,"note":"Not shown in the seeds; content from the linked upstream task."},
  {"path":"policy/zookeeper-pod-disruption-budget-minavailable.yaml","title":"PodDisruptionBudget zk-pdb (minAvailable: 2)","kinds":["PodDisruptionBudget"],"seed":"004 §1.4 Disruptions (next steps: Configure a PodDisruptionBudget)","origin":"linked","upstream":true,"note":"Not shown in the seeds; content from the linked upstream task."},
  {"path":"policy/zookeeper-pod-disruption-budget-maxunavailable.yaml","title":"PodDisruptionBudget zk-pdb (maxUnavailable: 1)","kinds":["PodDisruptionBudget"],"seed":"004 §1.4 Disruptions (next steps: Configure a PodDisruptionBudget)","origin":"linked","upstream":true,"note":"Not shown in the seeds; content from the linked upstream task."},
  {"path":"application/web/web.yaml","title":"StatefulSet web (2 replicas) with headless Service nginx — StatefulSet Basics","kinds":["Service","StatefulSet"],"seed":"004 §2.4 StatefulSets (next steps: StatefulSet Basics tutorial)","origin":"linked","upstream":true,"note":"Not shown in the seeds; content from the linked upstream tutorial."},
  {"path":"application/job/cronjob.yaml","title":"CronJob hello (every minute)","kinds":["CronJob"],"seed":"004 §2.9 CronJob (linked task: Running Automated Tasks with a CronJob)","origin":"linked","upstream":true,"note":"Not shown in the seeds; content from the linked upstream task. The seed describes the old CronJob controller, which stopped scheduling after more than 100 missed start times; the current one only warns (TooManyMissedTimes) and still starts the most recent one."},
];
