// A response body already written as JSON: the response cache sends its text instead of serialising an object.

export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
