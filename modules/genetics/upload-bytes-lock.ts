// The key under which an upload's stored bytes change or are checked. A PUT writes while it holds it, and
// completion holds it from the size check to the job: otherwise a PUT still streaming when completion
// takes the checksum could change the bytes after they were verified, and two PUTs to one upload could
// interleave their writes. In-process, as the local-disk uploads it guards are (S3 parts go to S3).

export const uploadBytesLock = (uploadId: string) => `genetics-upload-bytes:${uploadId}`
